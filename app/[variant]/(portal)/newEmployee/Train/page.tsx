import { imageUrl } from '@/lib/format';
import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { serverApi } from '@/lib/api/server';
import { parseSiteSegment } from '@/lib/variants';
import { call } from '@/lib/api/core';

type Params = Promise<{ variant: string }>;
export const metadata: Metadata = {
  title: '新员工培训',
  description: '新员工培训：入职必修与选修系列专题，按顺序学习课程，完成后计入学时。',
  alternates: { canonical: '/newEmployee/Train' },
};

/** New-employee training (SPEC 2.1): the new-employee series, public and cached per variant. */
export default async function NewEmployeeTrain({ params }: { params: Params }) {
  const site = parseSiteSegment((await params).variant);
  if (!site) notFound();
  const list = await call(serverApi(site), '/api/newEmployee/seriesList');
  return (
    <div className="page-width space-y-6 py-6">
      <div className="rounded-lg bg-brand-800 p-6 text-white">
        <h1 className="text-2xl font-bold">新员工培训</h1>
        <p className="mt-2 max-w-3xl text-white/90">
          面向新入职职工的入门培训：了解院史院情、规章制度与科研工作基本要求。必修专题需全部学完，选修专题可按需学习。
        </p>
      </div>
      {list.length === 0 ? (
        <p className="rounded bg-white p-8 text-center text-gray-700">暂无新员工培训专题</p>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((s) => (
            <li key={s.id} className="rounded-lg bg-white p-4 shadow-sm">
              <Link href={`/newEmployee/TrainDetail?id=${s.id}`} prefetch={false} className="group block">
                {/* eslint-disable-next-line @next/next/no-img-element -- SVG covers */}
                <img
                  src={imageUrl(s.cover) || '/covers/cover-01.svg'}
                  alt=""
                  width={320}
                  height={180}
                  className="aspect-video w-full rounded bg-gray-100 object-cover"
                />
                <h2 className="mt-3 font-semibold group-hover:text-brand-700">
                  <span
                    className={`mr-2 rounded px-1.5 py-0.5 text-xs ${s.required ? 'bg-red-100 text-red-800' : 'bg-gray-100 text-gray-700'}`}
                  >
                    {s.required ? '必修' : '选修'}
                  </span>
                  {s.title}
                </h2>
              </Link>
              <p className="mt-1 line-clamp-2 text-sm text-gray-600">{s.summary}</p>
              <p className="mt-1 text-sm text-gray-600">
                共{s.courseCount}门课程 · {s.studyCount}人学习
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
