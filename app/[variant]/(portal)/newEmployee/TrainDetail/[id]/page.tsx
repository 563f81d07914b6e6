import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ApiError, call } from '@/lib/api/core';
import { serverApi } from '@/lib/api/server';
import type { NewEmployeeSeriesDetail } from '@/lib/contract/spaces';
import { CourseCardView } from '@/components/cards/Cards';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { parseSiteSegment, siteOrigin, type Site } from '@/lib/variants';

type Params = Promise<{ variant: string; id: string }>;
export function generateStaticParams() {
  return [];
}
export const dynamicParams = true;

async function load(params: Params): Promise<(NewEmployeeSeriesDetail & { site: Site }) | null> {
  const { variant, id } = await params;
  const site: Site | null = parseSiteSegment(variant);
  if (!site || !/^[1-9]\d{0,9}$/.test(id)) return null;
  try {
    return { ...(await call(serverApi(site), '/api/newEmployee/seriesDetail', { id: Number(id) })), site };
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const d = await load(params);
  return d
    ? {
        title: `${d.title} - 新员工培训`,
        description: d.summary || `新员工培训${d.required ? '必修' : '选修'}专题：${d.title}。`,
        alternates: { canonical: `/newEmployee/TrainDetail?id=${d.id}` },
      }
    : {};
}

/** One new-employee series (SPEC 2.1 /newEmployee/TrainDetail): its courses in order; public and cached per id. */
export default async function NewEmployeeTrainDetail({ params }: { params: Params }) {
  const d = await load(params);
  if (!d) notFound();
  return (
    <div className="page-width space-y-6 py-6">
      <Breadcrumbs
        origin={siteOrigin(d.site)}
        items={[{ name: '新员工培训', href: '/newEmployee/Train' }, { name: d.title }]}
      />
      <section className="rounded-lg bg-white p-5 shadow-sm">
        <h1 className="text-2xl font-bold">
          <span
            className={`mr-2 align-middle rounded px-1.5 py-0.5 text-sm ${d.required ? 'bg-red-100 text-red-800' : 'bg-gray-100 text-gray-700'}`}
          >
            {d.required ? '必修' : '选修'}
          </span>
          {d.title}
        </h1>
        <p className="mt-2 text-gray-700">{d.summary}</p>
        <p className="mt-1 text-sm text-gray-600">
          共{d.courses.length}门课程 · {d.studyCount}人学习
        </p>
      </section>
      <section aria-labelledby="ne-courses" className="rounded-lg bg-white p-5 shadow-sm">
        <h2 id="ne-courses" className="mb-4 border-l-4 border-brand-700 pl-3 text-xl font-semibold">
          专题课程
        </h2>
        {d.courses.length === 0 ? (
          <p className="text-gray-600">暂无课程</p>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {d.courses.map((c) => (
              <CourseCardView key={c.id} course={c} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
