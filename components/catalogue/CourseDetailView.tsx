import Link from '@/components/ui/Link';
import type { CourseDetail, CourseReview } from '@/lib/contract/catalogue';
import type { Page } from '@/lib/contract/home';
import { spaceHref } from '@/lib/spaces/links';
import { formatChapterLength, formatDate, formatHMS, imageUrl } from '@/lib/format';
import { chapterNumber } from '@/lib/catalogue/chapter-title';
import { Cover } from '@/components/cards/Cards';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { JsonLd } from '@/components/ui/JsonLd';
import { ReviewStars } from '@/components/ui/ReviewStars';
import { RichText } from '@/components/ui/RichText';
import { SectionTitle } from '@/components/ui/SectionTitle';
import { ClearWindowNameOnLeave } from './ClearWindowNameOnLeave';
import { CourseActions } from './CourseActions';

/** /course/detail and /course/detailBatch: rendered on the server, complete without JavaScript. */
/**
 * Clears the window name on pagehide, and on a plain left click of a link that leaves the page in this
 * window (Chromium may drop a name set during pagehide when the next document commits).
 */
const LEAVE_SCRIPT =
  "addEventListener('pagehide',function(){window.name=''});" +
  "document.addEventListener('click',function(e){var a=e.target&&e.target.closest&&e.target.closest('a[href]');" +
  "if(!a||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||a.target||/^(#|\\/course\\/detail)/.test(a.getAttribute('href')))return;window.name=''},true)";

/**
 * links: which of the host's pages exist (its route set): the course's category list and the teacher page.
 * A page the host does not have is named, not linked.
 */
export function CourseDetailView({
  course,
  reviews,
  origin,
  siteName,
  batch = false,
  links = { category: true, teacher: true },
}: {
  course: CourseDetail;
  reviews: Page<CourseReview>;
  origin: string;
  siteName: string;
  batch?: boolean;
  links?: { category: boolean; teacher: boolean };
}) {
  const minutes = Math.round(course.durationSeconds / 60);
  const url = `${origin}/course/detail?id=${course.id}`;
  return (
    <div className="page-width py-6">
      <Breadcrumbs
        origin={origin}
        items={[
          { name: '课程资源', href: '/course/index' },
          { name: course.categoryName, href: links.category ? `/course/index?t=${course.categoryCode}` : undefined },
          { name: course.title },
        ]}
      />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Course',
          name: course.title,
          description: course.summaryText,
          url,
          image: `${origin}${imageUrl(course.cover) || '/covers/cover-01.svg'}`,
          inLanguage: 'zh-CN',
          provider: { '@type': 'Organization', name: siteName, sameAs: origin },
          ...(course.teacher
            ? { instructor: { '@type': 'Person', name: course.teacher.name, jobTitle: course.teacher.title } }
            : {}),
          timeRequired: `PT${minutes}M`,
          numberOfCredits: course.chapterCount,
          hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'online', courseWorkload: `PT${minutes}M` },
          ...(course.reviewCount > 0
            ? {
                aggregateRating: {
                  '@type': 'AggregateRating',
                  ratingValue: (course.reviewScore / 10).toFixed(1),
                  reviewCount: course.reviewCount,
                  bestRating: 5,
                },
              }
            : {}),
        }}
      />
      <article className="space-y-6">
        <header className="grid gap-6 rounded-lg bg-white p-5 shadow-sm md:grid-cols-[360px_minmax(0,1fr)]">
          <Cover src={course.cover} alt={`${course.title}封面`} eager />
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold leading-snug text-gray-900">{course.title}</h1>
            <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-gray-700 sm:grid-cols-2">
              <div>
                <dt className="inline text-gray-500">分类：</dt>
                <dd className="inline">
                  {course.categoryName}
                  {course.courseTypeName && course.courseTypeName !== course.categoryName
                    ? ` · ${course.courseTypeName}`
                    : ''}
                </dd>
              </div>
              <div>
                <dt className="inline text-gray-500">主讲：</dt>
                <dd className="inline">{course.teacher ? `${course.teacher.name} ${course.teacher.title}` : '佚名'}</dd>
              </div>
              <div>
                <dt className="inline text-gray-500">时长：</dt>
                <dd className="inline">
                  {formatHMS(course.durationSeconds)}（{course.chapterCount}讲）
                </dd>
              </div>
              <div>
                <dt className="inline text-gray-500">学习人数：</dt>
                <dd className="inline">{course.studyCount}人</dd>
              </div>
              <div>
                <dt className="inline text-gray-500">评分：</dt>
                <dd className="inline">
                  {course.reviewCount > 0
                    ? `${(course.reviewScore / 10).toFixed(1)}分（${course.reviewCount}条评价）`
                    : '暂无评价'}
                </dd>
              </div>
              <div>
                <dt className="inline text-gray-500">发布时间：</dt>
                <dd className="inline">
                  <time dateTime={course.publishedAt}>{formatDate(course.publishedAt)}</time>
                </dd>
              </div>
            </dl>
            <div className="mt-5">
              <CourseActions courseId={course.id} batch={batch} />
              <ClearWindowNameOnLeave />
              {/* The same before hydration (a visitor may leave before the scripts load). */}
              <script dangerouslySetInnerHTML={{ __html: LEAVE_SCRIPT }} />
            </div>
          </div>
        </header>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_300px]">
          <div className="space-y-6">
            <section aria-labelledby="summary-title" className="rounded-lg bg-white p-5 shadow-sm">
              <SectionTitle id="summary-title">课程简介</SectionTitle>
              <RichText html={course.summaryHtml} />
            </section>
            <section aria-labelledby="chapters-title" className="rounded-lg bg-white p-5 shadow-sm">
              <SectionTitle id="chapters-title">课程章节</SectionTitle>
              <ol className="divide-y divide-gray-100">
                {course.chapters.map((c, i) => {
                  const number = chapterNumber(c.title, i);
                  return (
                    <li key={c.id} className="flex items-center justify-between gap-4 py-3">
                      <span className="min-w-0">
                        {number && <span className="mr-2 text-gray-500">{number}</span>}
                        {c.title}
                      </span>
                      <span className="shrink-0 text-sm text-gray-500">
                        {formatChapterLength(c.kind, c.durationSeconds)}
                      </span>
                    </li>
                  );
                })}
              </ol>
            </section>
            <section aria-labelledby="reviews-title" className="rounded-lg bg-white p-5 shadow-sm">
              <SectionTitle id="reviews-title">学员评价（{reviews.total}）</SectionTitle>
              {reviews.list.length === 0 ? (
                <p className="text-gray-600">暂无评价</p>
              ) : (
                <ul className="divide-y divide-gray-100">
                  {reviews.list.map((r) => (
                    <li key={r.id} className="py-3">
                      <p className="text-sm text-gray-600">
                        {r.operatorName} · <ReviewStars score={r.score} /> ·{' '}
                        <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
                      </p>
                      <p className="mt-1 wrap-anywhere text-gray-800">{r.content}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          {course.teacher && (
            <aside aria-labelledby="teacher-title" className="h-fit rounded-lg bg-white p-5 shadow-sm">
              <SectionTitle id="teacher-title">主讲教师</SectionTitle>
              {links.teacher ? (
                <Link
                  prefetch={false}
                  href={`/teacher/detail?id=${course.teacher.id}`}
                  className="group flex items-center gap-3"
                >
                  <TeacherBadge teacher={course.teacher} />
                </Link>
              ) : (
                <div className="flex items-center gap-3">
                  <TeacherBadge teacher={course.teacher} />
                </div>
              )}
              <p className="mt-3 line-clamp-6 text-sm leading-6 text-gray-700">{course.teacher.intro}</p>
              {/* Every host's route set has /space/teacher (SPEC 6: the teacher's own space, by the teacher's id). */}
              <Link
                prefetch={false}
                href={spaceHref('teacher', course.teacher.id)}
                className="mt-3 inline-block text-sm text-brand-700 hover:underline"
              >
                进入教师空间<span className="sr-only">：{course.teacher.name}</span>
              </Link>
            </aside>
          )}
        </div>
      </article>
    </div>
  );
}

function TeacherBadge({ teacher }: { teacher: NonNullable<CourseDetail['teacher']> }) {
  return (
    <>
      {/* eslint-disable-next-line @next/next/no-img-element -- small SVG avatars */}
      <img
        src={teacher.avatar || '/avatars/default.svg'}
        alt=""
        width={64}
        height={64}
        className="h-16 w-16 rounded-full bg-gray-100"
      />
      <span>
        <span className="block font-medium text-gray-900 group-hover:text-brand-700">{teacher.name}</span>
        <span className="block text-sm text-gray-600">
          {teacher.orgName} {teacher.title}
        </span>
      </span>
    </>
  );
}
