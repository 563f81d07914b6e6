import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { ApiError } from '@/lib/api/core';
import { POSITION_LEVELS, TRAIN_APPLY_STATUS, TRAIN_TYPES } from '@/lib/constants';
import { formatDate, formatHoursMinutes } from '@/lib/format';
import { userApi } from '@/lib/learning/server-api';
import type { Archive } from '@/lib/learning/archive-types';
import { EXAM_STATUS_TEXT, EXAM_STYLE_TEXT, EXAM_TYPE_TEXT, examHref, examScoreText } from '@/lib/learning/exam-status';
import { findRoute, parseSiteSegment, VARIANTS } from '@/lib/variants';
import { AccountSettings } from '@/components/account';
import { ScrollTable } from '@/components/catalogue/ui';
import { HoursRing, MonthlyChart } from '@/components/personal/Rings';
import { NamedWindowLink } from '@/components/personal/NamedWindowLink';
import { FavouriteButton } from '@/components/personal/FavouriteButton';
import { TrainCertificateButton } from '@/components/personal/TrainCertificateButton';

export const dynamic = 'force-dynamic';

const TABS = [
  ['archive', '学习档案'],
  ['courses', '我的课程'],
  ['trains', '培训项目'],
  ['exams', '我的考试'],
  ['certificates', '我的证书'],
  ['favourites', '我的收藏'],
  ['settings', '账号设置'],
] as const;
type Tab = (typeof TABS)[number][0];

type Props = { params: Promise<{ variant: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
/** ?tab= names the tab shown; anything else shows the archive. */
const tabOf = (v: string | string[] | undefined): Tab => {
  const t = one(v);
  return TABS.some(([k]) => k === t) ? (t as Tab) : 'archive';
};

/** The area's name, as its heading says: the science personal area on the student site (SPEC 2.1), else 个人中心. */
const areaName = (variant: string) => (VARIANTS[parseSiteSegment(variant)?.variant ?? 'main'].isStu ? '科教个人空间' : '个人中心');

/** Each tab its own title (the site's title template adds the site name). */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const tab = tabOf((await searchParams).tab);
  return { title: `${TABS.find(([k]) => k === tab)![1]} - ${areaName((await params).variant)}`, robots: { index: false } };
}

/** A course or project of the learner's that this host does not publish: its title, without a link to a 404. */
function OffSite({ title, className = '' }: { title: string; className?: string }) {
  return (
    <span className={`min-w-0 truncate text-gray-800 ${className}`}>
      {title}
      <span className="ml-1 text-xs text-gray-500">（本站未发布）</span>
    </span>
  );
}

/** One tab's section: its heading, then its content or, when there is nothing yet, what to do about it. */
function TabSection({ id, title, empty, children }: { id: string; title: string; empty: string | null; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {title}
      </h2>
      {empty ? <p className="mt-4 text-gray-500">{empty}</p> : children}
    </section>
  );
}

/** The personal centre (SPEC 2.1, issue 5 point 3): rendered per learner on the server; tabs and years are links. */
export default async function PersonalPage({ params, searchParams }: Props) {
  const site = parseSiteSegment((await params).variant);
  if (!site) notFound();
  const sp = await searchParams;
  const tab = tabOf(sp.tab);
  const yearParam = Number(one(sp.year));
  const year = Number.isInteger(yearParam) && yearParam >= 2000 && yearParam <= 2100 ? yearParam : undefined;
  const { api } = await userApi(site);
  let data: Archive;
  try {
    // Only the shown tab's data is read (the archive call answers the other parts empty).
    data = await api.request<Archive>('/api/personal/archive', year ? { year, section: tab } : { section: tab });
  } catch (err) {
    // SPEC 8: an expired session opening personal study is sent home to log in again.
    if (err instanceof ApiError && err.code >= 2000 && err.code <= 2002) redirect('/home?login=1');
    throw err;
  }
  const now = new Date();
  // The year is the archive's; the other tabs list everything whatever the year.
  const href = (t: Tab, y = data.year) => `/personal/index?tab=${t}${t === 'archive' && y ? `&year=${y}` : ''}`;
  const examPages = !!findRoute(VARIANTS[site.variant], '/exam');

  return (
    <div className="page-width py-6">
      <h1 className="text-xl font-semibold">{areaName(site.variant)}</h1>
      {/* No link here prefetches: a tab or year is this page rendered again for the learner (a prefetch of each
          would be eight renders per visit), and a prefetch of a detail from a per-visitor page drops its id. */}
      <nav aria-label={`${areaName(site.variant)}栏目`} className="mt-4 flex flex-wrap gap-2 border-b pb-2">
        {TABS.map(([k, label]) => (
          <Link prefetch={false} key={k} href={href(k)} aria-current={tab === k ? 'page' : undefined} className={`rounded px-3 py-1.5 text-sm ${tab === k ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100'}`}>
            {label}
          </Link>
        ))}
      </nav>

      {tab === 'archive' && (
        <section aria-labelledby="archive-title" className="mt-6 space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="archive-title" className="text-lg font-semibold">
              {data.year}年学习档案
            </h2>
            <nav aria-label="选择年份" className="flex flex-wrap gap-2 text-sm">
              {data.years.map((y) => (
                <Link prefetch={false} key={y} href={href('archive', y)} aria-current={y === data.year ? 'page' : undefined} className={`rounded border px-2 py-0.5 ${y === data.year ? 'border-brand-600 text-brand-700' : 'border-gray-300'}`}>
                  {y}年
                </Link>
              ))}
            </nav>
          </div>
          <div className="grid grid-cols-1 gap-6 rounded border bg-white p-4 sm:grid-cols-2">
            <HoursRing label="网络学时" seconds={data.onLineAllTimeEffective} requiredHours={data.required.online} color="#2563eb" />
            <HoursRing label="线下学时" seconds={data.offLineAllTimeEffective} requiredHours={data.required.offline} color="#f59e0b" />
          </div>
          <p className="text-sm text-gray-600">
            职级：{POSITION_LEVELS[data.positionLevel] ?? POSITION_LEVELS[0]}。每年网络学时不少于{data.required.online}学时，线下学时不少于{data.required.offline}学时。
            <span data-testid="online-total">网络学时 {formatHoursMinutes(data.onLineAllTimeEffective)}</span>，线下学时 {formatHoursMinutes(data.offLineAllTimeEffective)}。
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
                        <NamedWindowLink href={`/courseView?courseId=${c.courseId}`} name="courseView" className="min-w-0 flex-1 truncate text-brand-700 hover:underline">
                          {c.title}
                        </NamedWindowLink>
                      ) : (
                        <OffSite title={c.title} className="flex-1" />
                      )}
                      <div className="flex items-center gap-2 sm:w-64">
                        <div className="h-2 flex-1 rounded bg-gray-200" role="progressbar" aria-label={`${c.title} 学习进度`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={c.progress}>
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
                    <Link prefetch={false} href={`/train/detail?id=${t.trainId}`} className="text-brand-700 hover:underline">
                      {t.title}
                    </Link>
                  ) : (
                    <OffSite title={t.title} />
                  )}
                  <p className="text-xs text-gray-500">
                    {TRAIN_TYPES.find((x) => x.code === t.type)?.name} · {t.isOnline ? '线上' : '线下'} · {formatDate(t.startAt)} 至 {formatDate(t.endAt)} · {t.hours}学时
                  </p>
                </div>
                <span className="flex items-center gap-2 text-sm">
                  {TRAIN_APPLY_STATUS[t.status as keyof typeof TRAIN_APPLY_STATUS] ?? ''}
                  {t.status === 7 && new Date(t.endAt) < now && !data.certificates.some((c) => c.kind === 'train' && c.refId === t.trainId) && <TrainCertificateButton trainId={t.trainId} />}
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

      {tab === 'certificates' && (
        <TabSection id="certs-title" title="我的证书" empty={data.certificates.length === 0 ? '暂无证书。学完系列专题的全部课程或完成培训项目后可申请证书。' : null}>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {data.certificates.map((c) => (
              <li key={c.id} className="rounded border bg-white p-4">
                <p className="font-medium">{c.title}</p>
                <p className="text-xs text-gray-500">
                  {c.kind === 'series' ? '系列专题证书' : '培训项目证书'} · 编号 {c.serialNo} · {formatDate(c.issuedAt)}
                </p>
                <Link prefetch={false} href={`/personal/certificate?id=${c.id}`} className="mt-2 inline-block text-sm text-brand-700 hover:underline">
                  查看与打印
                </Link>
              </li>
            ))}
          </ul>
        </TabSection>
      )}

      {tab === 'favourites' && (
        <TabSection id="fav-title" title="我的收藏" empty={data.favourites.length === 0 ? '还没有收藏课程' : null}>
          <ul className="mt-4 divide-y rounded border bg-white">
            {data.favourites.map((f) => (
              <li key={f.courseId} className="flex items-center justify-between gap-2 p-3">
                {f.onSite ? (
                  <Link prefetch={false} href={`/course/detail?id=${f.courseId}`} className="min-w-0 truncate text-brand-700 hover:underline">
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

      {tab === 'settings' && (
        <div className="mt-6">
          <AccountSettings />
        </div>
      )}
    </div>
  );
}
