'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import Link from '@/components/ui/Link';
import { HOME_MODULES, RANK_TITLES } from '@/lib/constants';
import { formatDate, formatHoursMinutes, imageUrl } from '@/lib/format';
import { openCourseInNamedWindow } from '@/lib/ui/named-window';
import { CourseCardView, LiveCardView, SeriesCardView, TeacherCardView, TrainCardView } from '@/components/cards/Cards';
import { ModuleSection, stateOf } from './ModuleSection';
import { useHomeList } from './useHomeList';

const BANNER_INTERVAL_MS = 6000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const mq = window.matchMedia?.(REDUCED_MOTION);
  mq?.addEventListener?.('change', onChange);
  return () => mq?.removeEventListener?.('change', onChange);
};

/** prefers-reduced-motion: reduce (no autoplay then); false on the server. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => !!window.matchMedia?.(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * The home banner (WCAG 2.2.2, 2.4.3): it advances every 6 s unless paused by its button (暂停轮播/继续轮播),
 * while the pointer is over it or focus is inside it, or when the visitor prefers reduced motion; a focused
 * slide is never hidden.
 */
export function BannerCarousel() {
  const q = useHomeList('banner');
  const [index, setIndex] = useState(0);
  /** The visitor's choice; until they make one, reduced motion means paused. */
  const [paused, setPaused] = useState<boolean | null>(null);
  const [hover, setHover] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const reduced = useReducedMotion();
  const banners = q.data ?? [];
  const stopped = paused ?? reduced;
  const running = banners.length > 1 && !stopped && !hover && !focusInside;
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % banners.length), BANNER_INTERVAL_MS);
    return () => clearInterval(t);
  }, [running, banners.length]);
  if (banners.length === 0) return <div className="aspect-[1920/420] w-full bg-brand-800" aria-hidden="true" />;
  const current = index % banners.length;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="焦点图"
      className="relative overflow-hidden bg-brand-900"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusInside(false);
      }}
    >
      <div aria-live={running ? 'off' : 'polite'}>
        {banners.map((b, i) => (
          <Link
            key={b.id}
            prefetch={false}
            href={b.link || '/home'}
            // The ring is drawn inside the slide (the carousel clips what lies outside it): white on a dark band.
            className={`focus-on-dark [--focus-offset:-4px] focus-visible:shadow-[inset_0_0_0_6px_#111827] ${i === current ? 'block' : 'hidden'}`}
            aria-hidden={i !== current}
            tabIndex={i === current ? 0 : -1}
            aria-roledescription="slide"
            aria-label={`${b.title}（第${i + 1}张，共${banners.length}张）`}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- wide SVG artwork, first one is the LCP; the title below names it */}
            <img
              src={imageUrl(b.imageUrl)}
              alt=""
              width={1920}
              height={420}
              className="aspect-[1920/420] w-full object-cover"
              fetchPriority={i === 0 ? 'high' : 'low'}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
            <span className="absolute bottom-[40px] left-1/2 w-full max-w-[12rem] -translate-x-1/2 px-4 text-2xl font-semibold text-white drop-shadow md:bottom-6">
              {b.title}
            </span>
          </Link>
        ))}
      </div>
      {banners.length > 1 && (
        // Targets of at least 24 x 24 px at every root size (WCAG 2.5.8), the dots larger than they look; over the
        // artwork the focus ring is white on a dark band, visible on light and dark pictures alike.
        <div className="focus-on-dark absolute bottom-[6px] right-4 flex items-center gap-[4px]">
          <button
            type="button"
            onClick={() => setPaused(!stopped)}
            className="mr-[4px] min-h-[24px] rounded bg-black/50 px-2 py-0.5 text-xs text-white hover:bg-black/70 focus-visible:shadow-[0_0_0_2px_#111827]"
          >
            {stopped ? '继续轮播' : '暂停轮播'}
          </button>
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`第${i + 1}张：${b.title}`}
              aria-current={i === current}
              className="flex size-[max(0.28rem,28px)] items-center justify-center rounded-full focus-visible:shadow-[0_0_0_2px_#111827]"
            >
              <span
                className={`block size-[max(0.12rem,10px)] rounded-full border border-white ${i === current ? 'bg-white' : 'bg-white/30'}`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * SPEC 2.3: navigating to the notice entry asks a visitor to log in, so the 'more' links (entries to the lists)
 * prompt as the menu's 新闻公告 entry does; the news and notice pages themselves stay public (searchable,
 * in the sitemap), and so do the item links.
 */
export function NewsAndNotices() {
  const news = useHomeList('news');
  const notices = useHomeList('notices');
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ModuleSection id="home-news" title="新闻动态" moreHref="/notice/news" promptLogin state={stateOf(news)}>
        <ul className="title-list">
          {news.data?.map((n) => (
            <li key={n.id}>
              <Link prefetch={false} href={`/notice/newsDetail?id=${n.id}`}>
                {n.title}
              </Link>
              <time dateTime={n.publishedAt}>{formatDate(n.publishedAt)}</time>
            </li>
          ))}
        </ul>
      </ModuleSection>
      <ModuleSection id="home-notices" title="通知公告" moreHref="/notice/index" promptLogin state={stateOf(notices)}>
        <ul className="title-list">
          {notices.data?.map((n) => (
            <li key={n.id}>
              <Link prefetch={false} href={`/notice/noticeDetail?id=${n.id}`}>
                {n.isTop && <span className="mr-2 rounded bg-red-600 px-1.5 text-xs text-white">置顶</span>}
                {n.title}
              </Link>
              <time dateTime={n.publishedAt}>{formatDate(n.publishedAt)}</time>
            </li>
          ))}
        </ul>
      </ModuleSection>
    </div>
  );
}

const grid4 = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-4';

export function SeriesModule() {
  const q = useHomeList('series');
  return (
    <ModuleSection id="home-series" title={HOME_MODULES.series} moreHref="/series/index" state={stateOf(q)}>
      <div className={grid4}>
        {q.data?.map((s) => (
          <SeriesCardView key={s.id} item={s} />
        ))}
      </div>
    </ModuleSection>
  );
}

export function CourseModule() {
  const q = useHomeList('course');
  return (
    <ModuleSection id="home-course" title={HOME_MODULES.course} moreHref="/course/index" state={stateOf(q)}>
      <div className={grid4} onClickCapture={openCourseInNamedWindow}>
        {q.data?.map((c) => (
          <CourseCardView key={c.id} course={c} newWindow />
        ))}
      </div>
    </ModuleSection>
  );
}

export function LiveModule() {
  const q = useHomeList('live');
  return (
    <ModuleSection id="home-live" title={HOME_MODULES.live} moreHref="/live/index" state={stateOf(q)}>
      <div className={grid4}>
        {q.data?.map((l) => (
          <LiveCardView key={l.id} item={l} />
        ))}
      </div>
    </ModuleSection>
  );
}

export function TeacherModule() {
  const q = useHomeList('teacher');
  return (
    <ModuleSection id="home-teacher" title={HOME_MODULES.teacher} moreHref="/teacher/index" state={stateOf(q)}>
      <div className="grid grid-cols-2 gap-5 sm:grid-cols-3 lg:grid-cols-6">
        {q.data?.map((t) => (
          <TeacherCardView key={t.id} item={t} />
        ))}
      </div>
    </ModuleSection>
  );
}

export function TrainModule() {
  const q = useHomeList('train');
  return (
    <ModuleSection id="home-train" title={HOME_MODULES.train} moreHref="/train/index" state={stateOf(q)}>
      <div className="grid gap-6 md:grid-cols-2">
        {q.data?.map((t) => (
          <TrainCardView key={t.id} item={t} />
        ))}
      </div>
    </ModuleSection>
  );
}

function RankList<T>({
  title,
  rows,
  render,
}: {
  title: string;
  rows: T[] | undefined;
  render: (row: T) => [number, string, string];
}) {
  return (
    <div>
      <h3 className="mb-2 font-medium text-gray-800">{title}</h3>
      {rows && rows.length > 0 ? (
        <ol className="rank-list">
          {rows.map((row) => {
            const [rank, name, value] = render(row);
            return (
              <li key={rank} className={rank <= 3 ? 'top' : undefined}>
                <span>{rank}</span>
                <span>{name}</span>
                <span>{value}</span>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="py-4 text-sm text-gray-600">暂无排行数据</p>
      )}
    </div>
  );
}

export function RankModule() {
  const ops = useHomeList('rankOperator');
  const orgs = useHomeList('rankOrg');
  const orgCourses = useHomeList('rankOrgCourse');
  const state = {
    isPending: ops.isPending || orgs.isPending || orgCourses.isPending,
    isError: ops.isError && orgs.isError && orgCourses.isError,
    isEmpty: false,
  };
  return (
    <ModuleSection id="home-rank" title={HOME_MODULES.rank} moreHref="/rank/index" state={state}>
      <div className="grid gap-8 md:grid-cols-3">
        <RankList
          title={RANK_TITLES.operator}
          rows={ops.data}
          render={(r) => [r.rank, `${r.operatorName}（${r.orgName}）`, formatHoursMinutes(r.seconds)]}
        />
        <RankList
          title={RANK_TITLES.org}
          rows={orgs.data}
          render={(r) => [r.rank, r.orgName, formatHoursMinutes(r.seconds)]}
        />
        <RankList
          title={RANK_TITLES.orgCourse}
          rows={orgCourses.data}
          render={(r) => [r.rank, r.orgName, `${r.courseCount}门`]}
        />
      </div>
    </ModuleSection>
  );
}
