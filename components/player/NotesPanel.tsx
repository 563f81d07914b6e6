'use client';

/**
 * Below the video: the course introduction, reviews (评价, rated 1-5, one per learner: once given, the form gives
 * way to a note and the learner's review is in the list) and summaries (学习心得).
 */
import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQuery, apiQueryKey } from '@/lib/api/query';
import { formatDate } from '@/lib/format';
import type { CourseProgressView } from '@/lib/contract/learning';
import { Tabs, type TabItem } from '@/components/ui/Tabs';
import { toast } from '@/components/ui/Toaster';
import { ApiError, call } from '@/lib/api/core';
import { inputClass } from '@/components/login/fields';
import { ReviewStars } from '@/components/ui/ReviewStars';

/** The server's refusal of a second review (lib/server/services/learning/course-view), and the note in its place. */
const REVIEWED_MSG = '您已评价过该课程';

type Tab = 'intro' | 'review' | 'summary';
const TABS: TabItem<Tab>[] = [
  { key: 'intro', label: '课程简介' },
  { key: 'review', label: '课程评价' },
  { key: 'summary', label: '学习心得' },
];

type MyReview = CourseProgressView['myReview'];

export function NotesPanel({
  courseId,
  chosen,
  summary,
  myReview = null,
}: {
  courseId: number;
  chosen: boolean;
  summary: string;
  myReview?: MyReview;
}) {
  const [tab, setTab] = useState<Tab>('intro');
  // Each form keeps its own text and errors: a tab once opened stays mounted, hidden while another is shown.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set(['intro']));
  const select = (t: Tab) => {
    setTab(t);
    setOpened((o) => (o.has(t) ? o : new Set(o).add(t)));
  };
  return (
    <section className="focus-on-light mt-4 rounded bg-white text-gray-900">
      <Tabs
        label="课程信息"
        tabs={TABS}
        selected={tab}
        onSelect={select}
        listClassName="flex border-b"
        tabClassName={(on) =>
          `px-4 py-2 text-sm ${on ? 'border-b-2 border-brand-600 font-semibold text-brand-700' : 'text-gray-600'}`
        }
        panelClassName="p-4"
      >
        {tab === 'intro' && <p className="whitespace-pre-line text-sm leading-6">{summary || '暂无简介'}</p>}
        {(['review', 'summary'] as const).map(
          (kind) =>
            opened.has(kind) && (
              <div key={kind} hidden={tab !== kind}>
                <NoteList courseId={courseId} kind={kind} chosen={chosen} myReview={myReview} />
              </div>
            ),
        )}
      </Tabs>
    </section>
  );
}

/** A review's score or a summary's rating (each list has one of the two). */
const stars = (n: { rating?: number | null; score?: number }) => n.rating ?? n.score;

function NoteList({
  courseId,
  kind,
  chosen,
  myReview,
}: {
  courseId: number;
  kind: 'review' | 'summary';
  chosen: boolean;
  myReview: MyReview;
}) {
  const path = kind === 'review' ? '/api/course/reviews' : '/api/course/summaries';
  // Reviews come from the catalogue's list (score), summaries from the player's (no rating).
  const q = apiQuery(path, { courseId, pageNum: 1, pageSize: 10 });
  const { data, isLoading } = useQuery(q);
  const qc = useQueryClient();
  const [content, setContent] = useState('');
  const [rating, setRating] = useState(5);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = `${kind}-content`;
  // The learner's review comes with the course's progress (from the server): reviewed once, the form is gone.
  const reviewed = kind === 'review' && myReview != null;
  const refreshReviewed = () => qc.invalidateQueries({ queryKey: apiQueryKey('/api/course/progress', { courseId }) });
  // Their own review is in the list even when newer ones push it off the first page.
  const list =
    data && reviewed && !data.list.some((n) => n.id === myReview.id)
      ? [{ ...myReview, rating: myReview.score, operatorName: '我' }, ...data.list]
      : data?.list;
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!content.trim()) {
      // As the sign-in forms: the field takes the focus and reads its message (aria-describedby).
      setError('请填写内容');
      fieldRef.current?.focus();
      return;
    }
    setError('');
    try {
      await call(
        api,
        kind === 'review' ? '/api/course/reviewSave' : '/api/course/summarySave',
        kind === 'review' ? { courseId, rating, content } : { courseId, content },
      );
      setContent('');
      setSaved(true);
      toast('info', '提交成功');
      await Promise.all([qc.invalidateQueries({ queryKey: q.queryKey }), kind === 'review' && refreshReviewed()]);
    } catch (err) {
      /* shown by the client; reviewed meanwhile (another window): the form gives way */
      if (kind === 'review' && err instanceof ApiError && err.message === REVIEWED_MSG)
        await Promise.all([qc.invalidateQueries({ queryKey: q.queryKey }), refreshReviewed()]);
    }
  };
  return (
    <div>
      {reviewed ? (
        // Just reviewed here: the keyboard goes on at the note that took the form's place.
        <p role="status" tabIndex={-1} ref={(el) => void (saved && el?.focus())} className="mb-3 text-sm text-gray-600">
          {REVIEWED_MSG}，感谢您的评价
        </p>
      ) : chosen ? (
        <form onSubmit={save} className="mb-4 space-y-2" noValidate>
          {kind === 'review' && (
            <label className="flex items-center gap-2 text-sm">
              评分
              <select
                value={rating}
                onChange={(e) => setRating(Number(e.target.value))}
                className="rounded border px-2 py-1"
              >
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {n}分
                  </option>
                ))}
              </select>
            </label>
          )}
          <div className="text-sm">
            <label htmlFor={fieldId} className="sr-only">
              {kind === 'review' ? '评价内容' : '心得内容'}
            </label>
            <textarea
              id={fieldId}
              ref={fieldRef}
              value={content}
              onChange={(e) => {
                setContent(e.target.value);
                if (error && e.target.value.trim()) setError('');
              }}
              maxLength={2000}
              rows={3}
              className={inputClass}
              placeholder={kind === 'review' ? '写下您对本课程的评价' : '写下您的学习心得'}
              aria-invalid={!!error}
              aria-describedby={`${fieldId}-err`}
            />
            <p id={`${fieldId}-err`} className="mt-1 min-h-[1.25em] text-red-700">
              {error}
            </p>
          </div>
          <button type="submit" className="rounded bg-brand-600 px-4 py-1.5 text-sm text-white hover:bg-brand-700">
            提交
          </button>
        </form>
      ) : (
        <p className="mb-3 text-sm text-gray-500">选学后可发表{kind === 'review' ? '评价' : '心得'}</p>
      )}
      {isLoading && <p className="text-sm text-gray-500">加载中…</p>}
      {list && list.length === 0 && <p className="text-sm text-gray-500">暂无{kind === 'review' ? '评价' : '心得'}</p>}
      <ul className="divide-y">
        {list?.map((n) => (
          <li key={n.id} className="py-2 text-sm">
            <p className="text-gray-500">
              {n.operatorName} · {formatDate(n.createdAt)}
              {(stars(n) ?? null) != null && <ReviewStars score={stars(n) ?? 0} className="ml-2" />}
            </p>
            <p className="mt-1 whitespace-pre-line wrap-anywhere">{n.content}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
