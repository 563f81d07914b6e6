import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { formatDateTime, formatDuration } from '@/lib/format';
import { userApi } from '@/lib/api/visitor';
import {
  EXAM_STATUS_TEXT,
  EXAM_STYLE_TEXT,
  EXAM_TYPE_TEXT,
  examScoreText,
  type ExamRow,
} from '@/lib/learning/exam-status';
import { parseSiteSegment } from '@/lib/variants';
import { ScrollTable } from '@/components/ui/ScrollTable';
import { ExamActions } from '@/components/exam/ExamActions';
import { ExamPaper } from '@/components/exam/ExamPaper';
import { ExamResult } from '@/components/exam/ExamResult';
import { ExamLoginButton } from '@/components/exam/ExamLoginButton';
import { ApiError, call } from '@/lib/api/core';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';

export const dynamic = 'force-dynamic';
type Props = {
  params: Promise<{ variant: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};
const num = (v: string | string[] | undefined) => {
  const s = Array.isArray(v) ? v[0] : v;
  return s && /^\d{1,9}$/.test(s) ? Number(s) : undefined;
};
const viewOf = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
/** Each view's heading, which its title repeats. */
const HEADINGS = { paper: '在线考试', result: '考试成绩', trainList: '培训项目考试', list: '考试信息' } as const;

/** The title names what the page shows, as its heading does: the exam on its paper and result, else the list. */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const base = { description: '我的考试：考试安排、状态与成绩，参加考试并查看结果。', robots: { index: false } };
  const sp = await searchParams;
  const examId = num(sp.examId);
  const view = viewOf(sp.view);
  if (examId && (view === 'paper' || view === 'result')) {
    const what = HEADINGS[view];
    const site = parseSiteSegment((await params).variant);
    const exam = site
      ? await call((await userApi(site)).api, '/api/examExaminfo/detail', { examId }).catch(() => null)
      : null;
    return { ...base, title: exam ? `${exam.title} - ${what}` : what };
  }
  return { ...base, title: num(sp.trainId) ? HEADINGS.trainList : HEADINGS.list };
}

/** /exam (SPEC 2.1 exam information): the list with SPEC 4.3 statuses; `?examId=&view=paper|result`; `?trainId=` a project's exams. */
export default async function ExamPage({ params, searchParams }: Props) {
  const site = parseSiteSegment((await params).variant);
  if (!site) notFound();
  const sp = await searchParams;
  const examId = num(sp.examId);
  const trainId = num(sp.trainId);
  const view = viewOf(sp.view);
  const { api } = await userApi(site);

  if (examId && view === 'paper') {
    return (
      <div className="page-width py-6">
        <h1 className="text-xl font-semibold">{HEADINGS.paper}</h1>
        <ExamPaper examId={examId} />
      </div>
    );
  }
  if (examId && view === 'result') {
    const r = await call(api, '/api/examReply/result', { examId }).catch((e: unknown) =>
      e instanceof Error ? e : new Error(String(e)),
    );
    return (
      <div className="page-width py-6">
        <h1 className="text-xl font-semibold">{HEADINGS.result}</h1>
        {r instanceof Error ? (
          <p className="mt-6 text-gray-600">
            {r instanceof ApiError ? r.message : '成绩加载失败，请稍后刷新重试'}
            {r instanceof ApiError && r.code === CODE_SESSION_NONE && <ExamLoginButton />}
          </p>
        ) : (
          <ExamResult result={r} />
        )}
      </div>
    );
  }

  const list = await call(api, '/api/examExaminfo/list', trainId ? { trainId } : {}).catch(() => [] as ExamRow[]);
  return (
    <div className="page-width py-6">
      <h1 className="text-xl font-semibold">{trainId ? HEADINGS.trainList : HEADINGS.list}</h1>
      {list.length === 0 ? (
        <p className="mt-6 text-gray-500">暂无考试</p>
      ) : (
        <div className="mt-4">
          <ScrollTable label={trainId ? '培训项目考试列表' : '考试列表'}>
            <table className="w-full min-w-[720px] border bg-white text-sm">
              <thead className="bg-gray-50">
                <tr>
                  <th className="p-2 text-left">考试名称</th>
                  <th className="p-2">考试类型</th>
                  <th className="p-2">考试形式</th>
                  <th className="p-2">考试时间</th>
                  <th className="p-2">时长</th>
                  <th className="p-2">状态</th>
                  <th className="p-2">成绩</th>
                  <th className="p-2">操作</th>
                </tr>
              </thead>
              <tbody>
                {list.map((e) => (
                  <tr key={e.id} className="border-t" data-testid={`exam-row-${e.id}`}>
                    <td className="p-2">{e.title}</td>
                    <td className="p-2 text-center">{EXAM_TYPE_TEXT[e.examType]}</td>
                    <td className="p-2 text-center">{EXAM_STYLE_TEXT[e.examStyle]}</td>
                    <td className="p-2 text-center text-xs">
                      {formatDateTime(e.startAt)}
                      <br />至 {formatDateTime(e.endAt)}
                    </td>
                    <td className="p-2 text-center">{formatDuration(e.durationMinutes)}</td>
                    <td className="p-2 text-center" data-status={e.status}>
                      {EXAM_STATUS_TEXT[e.status]}
                    </td>
                    <td className="p-2 text-center">{examScoreText(e.status, e.paperScore)}</td>
                    <td className="p-2 text-center">
                      <ExamActions exam={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </div>
      )}
    </div>
  );
}
