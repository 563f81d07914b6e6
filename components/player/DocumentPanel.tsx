'use client';

/**
 * A chapter that is a document (PDF, Word, PowerPoint, Excel) in the player: its name and size, 查看文档 (a new tab)
 * and 下载; the server sends every document as an attachment (a PDF too: it must not run at the portal's origin).
 * Both are for a learner who chose the course and for its teacher (the server, /media/chapter/:id, refuses anyone
 * else); anyone else is asked to 选学 first, with the message a video chapter gives on trial (mode 4, 请选学后播放).
 */
import type { ChapterView } from '@/lib/contract/learning';
import { formatBytes } from '@/lib/format';
import { openMessageBox } from '@/lib/ui/events';

const ACTION = 'rounded px-4 py-1.5 text-sm';
const PRIMARY = `${ACTION} bg-brand-600 text-white hover:bg-brand-700`;
const SECONDARY = `${ACTION} border border-gray-500 text-gray-100 hover:bg-gray-700`;

export function DocumentPanel({
  chapter,
  canOpen,
  onOpen,
}: {
  chapter: ChapterView;
  canOpen: boolean;
  onOpen: () => void;
}) {
  const href = `/media/chapter/${chapter.id}`;
  const ask = () => openMessageBox(4);
  return (
    <div className="rounded bg-gray-800 p-6" data-testid="chapter-document">
      <p className="text-sm text-gray-400">本章节为文档</p>
      <p className="mt-1 break-all text-gray-100">
        <span className="text-lg">{chapter.fileName}</span>
        <span className="ml-2 text-sm text-gray-400">{formatBytes(chapter.fileSize)}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {canOpen ? (
          <>
            <a href={href} target="_blank" rel="noopener" onClick={onOpen} className={PRIMARY}>
              查看文档<span className="sr-only">（在新窗口打开）</span>
            </a>
            <a href={href} download={chapter.fileName} onClick={onOpen} className={SECONDARY}>
              下载
            </a>
          </>
        ) : (
          <>
            <button type="button" onClick={ask} className={PRIMARY}>
              查看文档
            </button>
            <button type="button" onClick={ask} className={SECONDARY}>
              下载
            </button>
          </>
        )}
      </div>
    </div>
  );
}
