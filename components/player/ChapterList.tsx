'use client';

import { formatChapterLength } from '@/lib/format';
import { chapterNumber } from '@/lib/catalogue/chapter-title';
import type { ChapterProgressItem, ChapterView } from '@/lib/contract/learning';

/**
 * The course's chapters, each with its length, or the learner's share of it once they have progress. Without
 * onSelect (the learner's progress still loading) the same list, its buttons disabled until they can play.
 */
export function ChapterList({
  chapters,
  currentId,
  progressOf,
  onSelect,
}: {
  chapters: ChapterView[];
  currentId: number | null;
  progressOf?: (id: number) => ChapterProgressItem | undefined;
  onSelect?: (id: number) => void;
}) {
  return (
    <nav aria-label="课程章节" className="w-full shrink-0 lg:w-80">
      <h2 className="mb-2 font-semibold">课程章节（{chapters.length}）</h2>
      <ol className="space-y-1">
        {chapters.map((c, i) => {
          const p = progressOf?.(c.id);
          const current = c.id === currentId;
          const number = chapterNumber(c.title, i);
          return (
            <li key={c.id}>
              <button
                type="button"
                onClick={onSelect && (() => onSelect(c.id))}
                disabled={!onSelect}
                aria-current={current ? 'true' : undefined}
                className={`flex w-full items-center justify-between gap-2 rounded px-3 py-2 text-left text-sm ${current ? 'bg-brand-700 text-white' : 'bg-gray-800 hover:bg-gray-700'} disabled:hover:bg-gray-800`}
              >
                <span className="min-w-0 truncate">
                  {number && `${number} `}
                  {c.title}
                </span>
                <span className="shrink-0 text-xs text-gray-300">
                  {p?.finished
                    ? '已学完'
                    : p && c.duration > 0
                      ? `${Math.min(99, Math.floor((p.frontier * 100) / c.duration))}%`
                      : formatChapterLength(c.kind, c.duration)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
