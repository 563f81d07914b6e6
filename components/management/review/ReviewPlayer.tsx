'use client';

/**
 * A chapter of a submitted course, played for its reviewer through the player's own path: a play ticket
 * (/api/course/playTicket, the whole video for a holder of "course-review" over the course) and HLS, or the file
 * route /media/chapter/:id when the chapter has no package. A document chapter is opened from the file route.
 */
import { useRef } from 'react';
import type { ChapterView } from '@/lib/contract/learning';
import { formatHMS } from '@/lib/format';
import { useHls } from '@/components/player/use-hls';

export function ReviewPlayer({ chapter }: { chapter: ChapterView }) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // Not chosen: the ticket's scope is the server's decision (a reviewer gets the whole video of an unpublished course).
  const hls = useHls({ chapter, chosen: false, videoRef });
  if (chapter.kind === 'document')
    return (
      <p className="text-sm">
        文档章节：
        <a href={`/media/chapter/${chapter.id}`} target="_blank" rel="noopener" className="text-brand-700 underline">
          打开 {chapter.fileName || chapter.title}
        </a>
      </p>
    );
  if (!chapter.playable) return <p className="text-sm text-gray-600">该章节没有可播放的视频</p>;
  const file = hls.mode === 'file';
  return (
    <div>
      <video
        key={`${chapter.id}-${file ? 'file' : 'hls'}`}
        ref={videoRef}
        data-testid="review-video"
        data-source={file ? 'file' : hls.mode}
        data-rendition={hls.scope ?? ''}
        className="aspect-video w-full rounded bg-black"
        controls
        preload="metadata"
        poster={hls.poster ?? undefined}
        aria-label={`${chapter.title} 视频`}
      >
        {file && <source src={`/media/chapter/${chapter.id}?r=full`} type={chapter.mediaType || 'video/webm'} />}
      </video>
      <p className="mt-1 text-xs text-gray-600">
        时长 {formatHMS(chapter.duration)}
        {hls.scope === 'trial' && '（仅试看片段：您没有该课程的审核权限）'}
      </p>
    </div>
  );
}
