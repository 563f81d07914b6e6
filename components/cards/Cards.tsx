import Link from '@/components/ui/Link';
import { NewWindowHint } from '@/components/ui/NewWindowHint';
import { TRAIN_APPLY_STATUS, TRAIN_TYPES, TEACHER_TYPES } from '@/lib/constants';
import type { CourseCard, LiveCard, SeriesCard, TeacherCard, TrainCard } from '@/lib/contract/home';
import { formatDate, formatDateTime, imageUrl } from '@/lib/format';

/* Cards shared by the home page and the catalogue lists. Plain <img>: the artwork is small SVG. */

function Cover({ src, alt, eager = false }: { src: string; alt: string; eager?: boolean }) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- SVG covers gain nothing from next/image
    <img
      src={imageUrl(src) || '/covers/cover-01.svg'}
      alt={alt}
      width={320}
      height={180}
      loading={eager ? 'eager' : 'lazy'}
      className="card-cover"
    />
  );
}

/** newWindow: the list around it opens the course in its named window (openCourseInNamedWindow), and says so. */
export function CourseCardView({ course, newWindow = false }: { course: CourseCard; newWindow?: boolean }) {
  const minutes = Math.round(course.durationSeconds / 60);
  return (
    <article className="group">
      <Link prefetch={false} href={`/course/detail?id=${course.id}`} className="block">
        <Cover src={course.cover} alt="" />
        <h3 className="mt-2 line-clamp-2 font-medium text-gray-900 group-hover:text-brand-700">{course.title}</h3>
        {/* In the link's name, not the heading's: the card's heading is the course title alone. */}
        {newWindow && <NewWindowHint />}
      </Link>
      <p className="mt-1 text-sm text-gray-600">
        {course.categoryName} · {course.teacherName || '佚名'} · {minutes}分钟
      </p>
      <p className="text-sm text-gray-600">{course.studyCount}人学习</p>
    </article>
  );
}

export function SeriesCardView({ item }: { item: SeriesCard }) {
  return (
    <article className="group">
      <Link prefetch={false} href={`/series/detail?id=${item.id}`} className="block">
        <Cover src={item.cover} alt="" />
        <h3 className="mt-2 line-clamp-1 font-medium text-gray-900 group-hover:text-brand-700">{item.title}</h3>
      </Link>
      <p className="mt-1 line-clamp-2 text-sm text-gray-600">{item.summary}</p>
      <p className="text-sm text-gray-600">
        共{item.courseCount}门课程 · {item.studyCount}人学习
      </p>
    </article>
  );
}

const APPLY_BADGE: Record<number, string> = {
  4: 'bg-green-100 text-green-800',
  3: 'bg-amber-100 text-amber-800',
  9: 'bg-sky-100 text-sky-800',
};

export function TrainCardView({ item }: { item: TrainCard }) {
  const type = TRAIN_TYPES.find((t) => t.code === item.type)?.name ?? '';
  const status = TRAIN_APPLY_STATUS[item.applyStatus as keyof typeof TRAIN_APPLY_STATUS] ?? '';
  return (
    <article className="group flex gap-4">
      <Link
        prefetch={false}
        href={`/train/detail?id=${item.id}`}
        className="block w-2/5 shrink-0"
        tabIndex={-1}
        aria-hidden="true"
      >
        <Cover src={item.cover} alt="" />
      </Link>
      <div className="min-w-0">
        <h3 className="line-clamp-2 font-medium text-gray-900">
          <Link prefetch={false} href={`/train/detail?id=${item.id}`} className="group-hover:text-brand-700">
            {item.title}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-gray-600">
          {type} · {item.isOnline ? '线上' : '线下'} · {item.hours}学时
        </p>
        <p className="text-sm text-gray-600">
          {formatDate(item.startAt)} 至 {formatDate(item.endAt)}
        </p>
        <span
          className={`mt-1 inline-block rounded px-2 py-0.5 text-xs ${APPLY_BADGE[item.applyStatus] ?? 'bg-gray-100 text-gray-700'}`}
        >
          {status}
        </span>
      </div>
    </article>
  );
}

export function TeacherCardView({ item }: { item: TeacherCard }) {
  const type = TEACHER_TYPES.find((t) => t.code === item.type)?.name ?? '';
  return (
    <article className="text-center">
      <Link prefetch={false} href={`/teacher/detail?id=${item.id}`} className="group block">
        {/* eslint-disable-next-line @next/next/no-img-element -- small SVG avatars */}
        <img
          src={imageUrl(item.avatar) || '/avatars/default.svg'}
          alt=""
          width={120}
          height={120}
          loading="lazy"
          className="mx-auto h-24 w-24 rounded-full bg-gray-100"
        />
        <h3 className="mt-2 font-medium text-gray-900 group-hover:text-brand-700">{item.name}</h3>
      </Link>
      <p className="text-sm text-gray-600">{item.title}</p>
      <p className="line-clamp-1 text-sm text-gray-600">
        {type} · {item.orgName}
      </p>
    </article>
  );
}

const LIVE_STATUS: Record<LiveCard['status'], { label: string; cls: string }> = {
  live: { label: '直播中', cls: 'bg-red-700 text-white' },
  upcoming: { label: '即将开始', cls: 'bg-amber-700 text-white' },
  ended: { label: '回放', cls: 'bg-gray-700 text-white' },
};

export function LiveCardView({ item }: { item: LiveCard }) {
  // An ended class is 回放 only when there is a recording to watch (issue 26: the list and the page disagreed).
  const s =
    item.status === 'ended' && !item.hasReplay ? { ...LIVE_STATUS.ended, label: '已结束' } : LIVE_STATUS[item.status];
  return (
    <article className="group relative">
      <Link prefetch={false} href={`/live/detail?id=${item.id}`} className="block">
        <Cover src={item.cover} alt="" />
        <span className={`absolute left-2 top-2 rounded px-2 py-0.5 text-xs ${s.cls}`}>{s.label}</span>
        <h3 className="mt-2 line-clamp-2 font-medium text-gray-900 group-hover:text-brand-700">{item.title}</h3>
      </Link>
      <p className="mt-1 text-sm text-gray-600">
        {item.teacherName} · {formatDateTime(item.startAt)}
      </p>
      {item.status === 'ended' && item.hasReplay && item.recordHours > 0 && (
        <p className="text-sm text-gray-600">回放学时 {item.recordHours}</p>
      )}
    </article>
  );
}

export { Cover };
