'use client';

/**
 * The personal centre's tabs (SPEC 2.1, issue 5 point 3): the learner's own data, fetched by the browser from
 * /api/personal/archive. The page around it (heading, tab bar, title) is the same for every learner and cached
 * per site and tab (app/[variant]/(portal)/personal/index), so a visit costs the server a cached page and one
 * call: rendering it per learner on the server cost more than the page's whole budget (issue 5 point 7).
 */
import Link from '@/components/ui/Link';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { POSITION_LEVELS, TRAIN_APPLY_STATUS, TRAIN_TYPES } from '@/lib/constants';
import { formatDate, formatHoursMinutes } from '@/lib/format';
import { EXAM_STATUS_TEXT, EXAM_STYLE_TEXT, EXAM_TYPE_TEXT, examHref, examScoreText } from '@/lib/learning/exam-status';
import { AccountSettings } from '@/components/account';
import { ScrollTable } from '@/components/ui/ScrollTable';
import { HoursRing, MonthlyChart } from './Rings';
import { NamedWindowLink } from './NamedWindowLink';
import { FavouriteButton } from './FavouriteButton';
import { TrainCertificateButton } from './TrainCertificateButton';
import { ARCHIVE_PATH, personalHref, type PersonalTab } from './personal-tabs';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { TabSection } from './TabSection';
import { CertificatesTab } from './CertificatesTab';

/** A course or project of the learner's that this host does not publish: its title, without a link to a 404. */
function OffSite({ title, className = '' }: { title: string; className?: string }) {
  return (
    <span className={`min-w-0 truncate text-gray-800 ${className}`}>
      {title}
      <span className="ml-1 text-xs text-gray-500">（本站未发布）</span>
    </span>
  );
}

/** The body of one tab, as the query says: its data once the call answers, a placeholder until then. */
export function PersonalSections({ tab, year, examPages }: { tab: PersonalTab; year?: number; examPages: boolean }) {
  if (tab === 'settings')
    return (
      <div className="mt-6">
        <AccountSettings />
      </div>
    );
  return <ArchiveSections tab={tab} year={year} examPages={examPages} />;
}

function ArchiveSections({
  tab,
  year,
  examPages,
}: {
  tab: Exclude<PersonalTab, 'settings'>;
  year?: number;
  examPages: boolean;
}) {
  // Only the shown tab's data is read (the archive call answers the other parts empty).
  const query = useQuery(apiQuery(ARCHIVE_PATH, year ? { year, section: tab } : { section: tab }));
  const data = query.data;
  if (!data) {
    // A session error goes home to sign in (the shell's handler); any other failure can be tried again here.
    return query.isError ? (
      <LoadFailed
        what="学习档案"
        onRetry={query.refetch}
        retrying={query.isFetching}
        className="mt-6 rounded border bg-white p-6 text-gray-700"
      />
    ) : (
      <div className="mt-6 space-y-3" role="status" aria-live="polite" data-testid="personal-loading">
        <span className="sr-only">正在加载…</span>
        <div className="h-8 w-48 animate-pulse rounded bg-gray-200" aria-hidden />
        <div className="h-40 animate-pulse rounded bg-gray-100" aria-hidden />
      </div>
    );
  }
  const now = new Date();
  const href = (t: PersonalTab, y = data.year) => personalHref(t, y);

  return (
    <>
      {tab === 'archive' && (
        <section aria-labelledby="archive-title" className="mt-6 space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="archive-title" className="text-lg font-semibold">
              {data.year}年学习档案
            </h2>
            <nav aria-label="选择年份" className="flex flex-wrap gap-2 text-sm">
              {data.years.map((y) => (
                <Link
                  prefetch={false}
                  key={y}
                  href={href('archive', y)}
                  aria-current={y === data.year ? 'page' : undefined}
                  className={`rounded border px-2 py-0.5 ${y === data.year ? 'border-brand-600 text-brand-700' : 'border-gray-300'}`}
                >
                  {y}年
                </Link>
              ))}
            </nav>
          </div>
          <div className="grid grid-cols-1 gap-6 rounded border bg-white p-4 sm:grid-cols-2">
            <HoursRing
              label="网络学时"
              seconds={data.onLineAllTimeEffective}
              requiredHours={data.required.online}
              color="#2563eb"
            />
            <HoursRing
              label="线下学时"
              seconds={data.offLineAllTimeEffective}
              requiredHours={data.required.offline}
              color="#f59e0b"
            />
          </div>
          <p className="text-sm text-gray-600">
            职级：{POSITION_LEVELS[data.positionLevel] ?? POSITION_LEVELS[0]}。每年网络学时不少于{data.required.online}
            学时，线下学时不少于{data.required.offline}学时。
            <span data-testid="online-total">
              网络学时 {formatHoursMinutes(data.onLineAllTimeEffective)}
            </span>，线下学时 {formatHoursMinutes(data.offLineAllTimeEffective)}。
          </p>
          <div className="rounded border bg-white p-4">
            <h3 className="mb-3 font-medium">按月学时</h3>
            <MonthlyChart months={data.months} />
          </div>
        </section>
      )}

      {tab === 'courses' && (
        <TabSection id="courses-title" title="我的课程" empty={data.courses.length === 0 ? '还没有选学课程' : null}>
          {['学习中', '已学完'].map((group) => {
            const list = data.courses.filter((c) => (group === '已学完') === (c.finishedAt != null));
            return (
              <div key={group} className="mt-4">
                <h3 className="font-medium">
                  {group}（{list.length}）
                </h3>
                <ul className="mt-2 divide-y rounded border bg-white">
                  {list.map((c) => (
                    <li key={c.courseId} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
                      {c.onSite ? (
                        <NamedWindowLink
                          href={`/courseView?courseId=${c.courseId}`}
                          name="courseView"
                          className="min-w-0 flex-1 truncate text-brand-700 hover:underline"
                        >
                          {c.title}
                        </NamedWindowLink>
                      ) : (
                        <OffSite title={c.title} className="flex-1" />
                      )}
                      <div className="flex items-center gap-2 sm:w-64">
                        <div
                          className="h-2 flex-1 rounded bg-gray-200"
                          role="progressbar"
                          aria-label={`${c.title} 学习进度`}
                          aria-valuemin={0}
                          aria-valuemax={100}
                          aria-valuenow={c.progress}
                        >
                          <div className="h-2 rounded bg-brand-600" style={{ width: `${c.progress}%` }} />
                        </div>
                        <span className="w-10 text-right text-sm">{c.progress}%</span>
                      </div>
                      <span className="text-xs text-gray-500 sm:w-32">已学 {formatHoursMinutes(c.studiedSeconds)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </TabSection>
      )}

      {tab === 'trains' && (
        <TabSection id="trains-title" title="培训项目" empty={data.trains.length === 0 ? '还没有报名培训项目' : null}>
          <ul className="mt-4 divide-y rounded border bg-white">
            {data.trains.map((t) => (
              <li key={t.trainId} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  {t.onSite ? (
                    <Link
                      prefetch={false}
                      href={`/train/detail?id=${t.trainId}`}
                      className="text-brand-700 hover:underline"
                    >
                      {t.title}
                    </Link>
                  ) : (
                    <OffSite title={t.title} />
                  )}
                  <p className="text-xs text-gray-500">
                    {TRAIN_TYPES.find((x) => x.code === t.type)?.name} · {t.isOnline ? '线上' : '线下'} ·{' '}
                    {formatDate(t.startAt)} 至 {formatDate(t.endAt)} · {t.hours}学时
                  </p>
                </div>
                <span className="flex items-center gap-2 text-sm">
                  {TRAIN_APPLY_STATUS[t.status as keyof typeof TRAIN_APPLY_STATUS] ?? ''}
                  {t.status === 7 &&
                    new Date(t.endAt) < now &&
                    !data.certificates.some((c) => c.kind === 'train' && c.refId === t.trainId) && (
                      <TrainCertificateButton trainId={t.trainId} />
                    )}
                </span>
              </li>
            ))}
          </ul>
        </TabSection>
      )}

      {tab === 'exams' && (
        <TabSection id="exams-title" title="我的考试" empty={data.exams.length === 0 ? '暂无考试' : null}>
          <div className="mt-4">
            <ScrollTable label="我的考试列表">
              <table className="w-full min-w-[600px] border bg-white text-sm">
                <thead className="bg-gray-50">
                  <tr>
                    <th className="p-2 text-left">考试名称</th>
                    <th className="p-2">类型</th>
                    <th className="p-2">形式</th>
                    <th className="p-2">状态</th>
                    <th className="p-2">成绩</th>
                  </tr>
                </thead>
                <tbody>
                  {data.exams.map((e) => (
                    <tr key={e.id} className="border-t">
                      <td className="p-2">
                        {examPages ? (
                          <Link prefetch={false} href={examHref(e)} className="text-brand-700 hover:underline">
                            {e.title}
                          </Link>
                        ) : (
                          e.title
                        )}
                      </td>
                      <td className="p-2 text-center">{EXAM_TYPE_TEXT[e.examType]}</td>
                      <td className="p-2 text-center">{EXAM_STYLE_TEXT[e.examStyle]}</td>
                      <td className="p-2 text-center">{EXAM_STATUS_TEXT[e.status]}</td>
                      <td className="p-2 text-center">{examScoreText(e.status, e.paperScore)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          </div>
        </TabSection>
      )}

      {tab === 'certificates' && <CertificatesTab certificates={data.certificates} />}

      {tab === 'favourites' && (
        <TabSection id="fav-title" title="我的收藏" empty={data.favourites.length === 0 ? '还没有收藏课程' : null}>
          <ul className="mt-4 divide-y rounded border bg-white">
            {data.favourites.map((f) => (
              <li key={f.courseId} className="flex items-center justify-between gap-2 p-3">
                {f.onSite ? (
                  <Link
                    prefetch={false}
                    href={`/course/detail?id=${f.courseId}`}
                    className="min-w-0 truncate text-brand-700 hover:underline"
                  >
                    {f.title}
                  </Link>
                ) : (
                  <OffSite title={f.title} />
                )}
                <FavouriteButton courseId={f.courseId} initial refresh />
              </li>
            ))}
          </ul>
        </TabSection>
      )}
    </>
  );
}
