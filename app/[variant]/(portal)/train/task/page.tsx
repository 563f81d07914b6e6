import type { Metadata } from 'next';
import { NOT_FOUND_TITLE } from '@/components/shell/NotFoundContent';
import { cache } from 'react';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { formatDateTime } from '@/lib/format';
import { siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { userApi } from '@/lib/api/visitor';
import { ApiError, call, platformPath } from '@/lib/api/core';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { SectionTitle } from '@/components/ui/SectionTitle';
import { MarkingPanel } from '@/components/train/MarkingPanel';
import { TrainTasks } from '@/components/train/TrainTasks';

/** Per visitor (session or query): rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

type Props = { params: CatalogueParams; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The project and the learner's apply status, null when there is no such project (or no valid id): one read shared
 * by generateMetadata and the page within a render (React cache).
 */
const loadTask = cache(async (variant: string, rawId: string | undefined) => {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const s = await siteOfParams(Promise.resolve({ variant }));
  const { api } = await userApi(s.site);
  try {
    const [train, state] = await Promise.all([
      call(api, platformPath('/api/train/detail', s.variant.platform), { id }),
      call(api, platformPath('/api/train/applyStatus', s.variant.platform), { trainId: id }),
    ]);
    return { s, id, train, state };
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
});

const taskOf = async ({ params, searchParams }: Props) => {
  const raw = (await searchParams).id;
  return loadTask((await params).variant, Array.isArray(raw) ? raw[0] : raw);
};

/** A task that does not exist is a 404, and its title says so (the site's title template adds the site name). */
export async function generateMetadata(props: Props): Promise<Metadata> {
  return { title: (await taskOf(props)) ? '培训任务' : NOT_FOUND_TITLE, robots: { index: false, follow: false } };
}

/** /train/task?id= (login only): the learner's tasks in a training project they enrolled in. */
/** What the learner's apply status (SPEC 4.4) means for the tasks; approved (7) needs no words. */
const TASK_HINT: Partial<Record<number, string>> = {
  4: '，报名并通过审核后可参加培训。',
  6: '，审核通过后可参加培训。',
  8: '，未能参加本培训，如有疑问请联系培训项目主办单位。',
};

export default async function TrainTaskPage(props: Props) {
  const task = await taskOf(props);
  if (!task) notFound();
  const { s, id, train, state } = task;
  return (
    <div className="page-width space-y-6 py-6">
      <Breadcrumbs
        origin={s.origin}
        items={[
          { name: '培训项目', href: '/train/index' },
          { name: train.title, href: `/train/detail?id=${id}` },
          { name: '培训任务' },
        ]}
      />
      <h1 className="text-2xl font-semibold text-gray-900">{train.title} · 培训任务</h1>
      <p className="rounded-lg bg-white p-4 shadow-sm">
        我的报名状态：<strong>{state.label}</strong>
        {state.applyStatus !== 7 && (
          <>
            {TASK_HINT[state.applyStatus] ?? '，您暂未参加本培训。'}
            <Link prefetch={false} href={`/train/detail?id=${id}`} className="ml-2 text-brand-700 underline">
              返回项目详情
            </Link>
          </>
        )}
      </p>
      <section aria-labelledby="task-schedule" className="rounded-lg bg-white p-5 shadow-sm">
        <SectionTitle id="task-schedule">学习安排</SectionTitle>
        <ol className="space-y-2">
          {train.schedule.map((i) => (
            <li key={i.id} className="text-sm">
              <span className="text-gray-500">{i.startAt ? formatDateTime(i.startAt) : ''}</span> {i.title} ·{' '}
              {i.teacherName} · {i.place}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="task-assign" className="rounded-lg bg-white p-5 shadow-sm">
        <SectionTitle id="task-assign">作业任务</SectionTitle>
        <TrainTasks trainId={id} />
      </section>
      <MarkingPanel assignmentIds={train.assignments.map((a) => a.id)} />
    </div>
  );
}
