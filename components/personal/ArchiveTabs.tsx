'use client';

/** The bodies of the personal centre's archive tabs (SPEC 2.1), each from the learner's archive data. */
import Link from '@/components/ui/Link';
import type { Archive } from '@/lib/contract/archive';
import { POSITION_LEVELS, TRAIN_APPLY_STATUS, TRAIN_TYPES } from '@/lib/constants';
import { formatDate, formatHoursMinutes } from '@/lib/format';
import { EXAM_STATUS_TEXT, EXAM_STYLE_TEXT, EXAM_TYPE_TEXT, examHref, examScoreText } from '@/lib/learning/exam-status';
import { ScrollTable } from '@/components/ui/ScrollTable';
import { HoursRing, MonthlyChart } from './Rings';
import { NamedWindowLink } from './NamedWindowLink';
import { FavouriteButton } from './FavouriteButton';
import { TrainCertificateButton } from './TrainCertificateButton';
import { personalHref } from './personal-tabs';
import { TabSection } from './TabSection';

/** A course or project of the learner's that this host does not publish: its title, without a link to a 404. */
function OffSite({ title, className = '' }: { title: string; className?: string }) {
  return (
    <span className={`min-w-0 truncate text-gray-800 ${className}`}>
      {title}
      <span className="ml-1 text-xs text-gray-500">（本站未发布）</span>
    </span>
  );
}

/** 学习档案: the year's hours against the requirement, and by month. */
export function ArchiveOverview({ data }: { data: Archive }) {
  return (
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
              href={personalHref('archive', y)}
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
  );
}

/** 我的课程: in progress and finished. */
export function CoursesTab({ data }: { data: Archive }) {
  return (
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
  );
}

/** 培训项目: the learner's applications, with the certificate button once a project has ended. */
export function TrainsTab({ data }: { data: Archive }) {
  const now = new Date();
  return (
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
  );
}

/** 我的考试; exam titles link to the exam pages where this host has them. */
export function ExamsTab({ data, examPages }: { data: Archive; examPages: boolean }) {
  return (
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
  );
}

/** 我的收藏. */
export function FavouritesTab({ data }: { data: Archive }) {
  return (
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
  );
}
