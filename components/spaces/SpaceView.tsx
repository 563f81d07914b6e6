import { CourseCardView, SeriesCardView } from '@/components/cards/Cards';
import type { SpaceDetail } from '@/lib/contract/spaces';
import type { SpaceRoute } from '@/lib/spaces/links';
import { SPACE_ROUTES } from '@/lib/spaces/links';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { Comments } from './Comments';
import { FollowButton } from './FollowButton';
import { OwnerTools } from './OwnerTools';
import { PeopleTabs } from './PeopleTabs';
import { SpaceCounts } from './SpaceCounts';
import { SpaceCourses } from './SpaceCourses';
import { SpaceSeries } from './SpaceSeries';

function Section({
  id,
  title,
  children,
  empty,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  empty?: string | null;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-5 shadow-sm">
      <h2 id={id} className="module-title mb-4">
        {title}
      </h2>
      {empty ? <p className="py-6 text-center text-gray-600">{empty}</p> : children}
    </section>
  );
}

function Grid({ children }: { children: React.ReactNode }) {
  return <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">{children}</div>;
}

/** A public space (SPEC 2.1 /space): business card, counts, pinned items, courses and series per privacy, people, comments. */
/** `origin`: the site's, for the breadcrumbs' JSON-LD. */
export function SpaceView({ route, detail, origin }: { route: SpaceRoute; detail: SpaceDetail; origin: string }) {
  const { card, counts } = detail;
  const ref = { kind: card.kind, id: card.id };
  const createdTitle = card.kind === 'teacher' ? '主讲课程' : card.kind === 'org' ? '单位课程' : '创建的课程';
  const studiedTitle = card.kind === 'org' ? '单位学员在学课程' : '学习的课程';
  return (
    <div className="page-width space-y-6 py-6">
      <Breadcrumbs origin={origin} items={[{ name: SPACE_ROUTES[route].title }]} />
      <section
        aria-labelledby="space-card"
        className="flex flex-col gap-5 rounded-lg bg-white p-5 shadow-sm sm:flex-row sm:items-center"
      >
        {card.avatar ? (
          // eslint-disable-next-line @next/next/no-img-element -- small SVG/raster avatars
          <img
            src={card.avatar}
            alt=""
            width={96}
            height={96}
            className="h-24 w-24 shrink-0 rounded-full bg-gray-100 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-800"
          >
            {card.name.slice(0, 1)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 id="space-card" className="text-2xl font-bold text-gray-900">
            {card.name}
            <span className="ml-3 align-middle text-base font-normal text-gray-600">{SPACE_ROUTES[route].title}</span>
          </h1>
          {card.subtitle && <p className="mt-1 text-gray-700">{card.subtitle}</p>}
          {card.tags.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="标签">
              {card.tags.map((t) => (
                <li key={t} className="rounded bg-brand-50 px-2 py-0.5 text-sm text-brand-800">
                  {t}
                </li>
              ))}
            </ul>
          )}
          {card.intro && <p className="mt-3 line-clamp-4 text-sm leading-relaxed text-gray-700">{card.intro}</p>}
        </div>
        <div className="flex flex-col items-start gap-3 sm:items-end">
          <SpaceCounts spaceRef={ref} counts={counts} />
          <FollowButton spaceRef={ref} name={card.name} />
        </div>
      </section>

      <OwnerTools spaceRef={ref} tops={detail.tops} />

      {detail.tops.length > 0 && (
        <Section id="space-tops" title="置顶">
          <Grid>
            {detail.tops.map((t) =>
              t.course ? (
                <CourseCardView key={`c${t.course.id}`} course={t.course} />
              ) : t.series ? (
                <SeriesCardView key={`s${t.series.id}`} item={t.series} />
              ) : null,
            )}
          </Grid>
        </Section>
      )}

      {(card.kind !== 'student' || (detail.created?.length ?? 0) > 0 || detail.created === null) && (
        <Section id="space-created" title={createdTitle}>
          <SpaceCourses
            spaceRef={ref}
            list="created"
            initial={detail.created}
            total={counts.created}
            emptyText="暂无课程"
          />
        </Section>
      )}

      <Section id="space-studied" title={studiedTitle}>
        <SpaceCourses
          spaceRef={ref}
          list="studied"
          initial={detail.studied}
          total={counts.studied}
          emptyText="暂无学习记录"
        />
      </Section>

      <Section id="space-series" title="系列专题">
        <SpaceSeries spaceRef={ref} initial={detail.series} />
      </Section>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Comments spaceRef={ref} />
        </div>
        <PeopleTabs
          spaceRef={ref}
          showFans={detail.privacy.showFans}
          showFollows={detail.privacy.showFollows}
          hasFollows={detail.ownerOperatorId !== null}
        />
      </div>
    </div>
  );
}
