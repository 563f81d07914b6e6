'use client';

import type { RefObject } from 'react';
import { formatHMS } from '@/lib/format';
import { AI_GENERATED_LABEL, type ChapterView } from '@/lib/contract/learning';
import { BusyButton } from '@/components/ui/BusyButton';
import { QualityMenu } from './QualityMenu';
import type { useHls } from './use-hls';

interface Props {
  chapter: ChapterView;
  chosen: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  onLoadedMetadata: () => void;
  onPlay: () => void;
  onPause: () => void;
  onEnded: () => void;
  onSeeked: () => void;
  /** Where the learner's study of the chapter stopped, after a seek past it (useFrontier); null otherwise. */
  ahead: number | null;
  /** 生成AI字幕 is offered (the course allows it, the learner chose it, the chapter has no track yet). */
  offerSubtitles: boolean;
  /** The chapter whose AI subtitles are being made, if any (useSubtitles). */
  subtitling: number | null;
  makeSubtitles: (chapterId: number) => void;
  /** What became of the last heartbeat, and how many wait in the outbox (useHeartbeats). */
  status: string;
  pending: number;
  /** The chapter's HLS session (useHls): 'file' plays /media/chapter/:id as before. */
  hls: ReturnType<typeof useHls>;
}

/** A video chapter: the video (the trial's rendition until chosen) and what is said under it. */
export function PlayerVideo({
  chapter,
  chosen,
  videoRef,
  onLoadedMetadata,
  onPlay,
  onPause,
  onEnded,
  onSeeked,
  ahead,
  offerSubtitles,
  subtitling,
  makeSubtitles,
  status,
  pending,
  hls,
}: Props) {
  const src = `/media/chapter/${chapter.id}?r=${chosen ? 'full' : 'trial'}`;
  const file = hls.mode === 'file';
  return (
    <div>
      <video
        key={`${chapter.id}-${chosen ? 'full' : 'trial'}-${file ? 'file' : 'hls'}`}
        ref={videoRef}
        data-testid="course-video"
        className="aspect-video w-full rounded bg-black"
        controls
        preload="metadata"
        poster={hls.poster ?? undefined}
        data-source={file ? 'file' : hls.mode}
        data-chapter-id={chapter.id}
        // What the server serves this viewer: the ticket's scope with HLS, else what the file route is asked for.
        data-rendition={!file && hls.scope ? hls.scope : chosen ? 'full' : 'trial'}
        tabIndex={0}
        aria-label={`${chapter.title} 视频，空格键播放或暂停，左右方向键快退快进`}
        onLoadedMetadata={onLoadedMetadata}
        onPlay={onPlay}
        onPause={onPause}
        onEnded={onEnded}
        onSeeked={onSeeked}
      >
        {file && <source src={src} type={chapter.mediaType || 'video/webm'} />}
        {chapter.hasSubtitle && (
          <track
            kind="subtitles"
            srcLang="zh"
            label={chapter.subtitleByAi ? `AI字幕（${AI_GENERATED_LABEL}）` : '中文字幕'}
            src={`/media/chapter/${chapter.id}?track=vtt`}
            default
          />
        )}
      </video>
      {chapter.subtitleByAi && (
        <p className="mt-1 text-xs text-gray-600" data-testid="ai-subtitle-label">
          本章字幕由语音识别生成（{AI_GENERATED_LABEL}），仅供参考
        </p>
      )}
      {ahead != null && (
        <p
          role="status"
          className="mt-2 rounded bg-amber-100 px-3 py-2 text-sm text-amber-900"
          data-testid="ahead-notice"
        >
          您已跳过尚未学习的内容：快进后观看的部分不计入学时。
          <button
            type="button"
            className="ml-2 underline underline-offset-2"
            onClick={() => {
              if (videoRef.current) videoRef.current.currentTime = ahead;
            }}
          >
            回到{formatHMS(Math.floor(ahead))}继续学习
          </button>
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        {/* Not on touch-only devices, which have no keyboard to use it with. */}
        <p className="text-xs text-gray-400 [@media(hover:none)_and_(pointer:coarse)]:hidden">
          键盘：空格 播放/暂停 · ← → 快退/快进5秒 · ↑ ↓ 音量（焦点在视频上时） · [ ] 倍速 · C 字幕
        </p>
        {hls.mode === 'hls' && (
          <QualityMenu renditions={hls.renditions} quality={hls.quality} onChange={hls.setQuality} />
        )}
      </div>
      {offerSubtitles && (
        <BusyButton
          onClick={() => makeSubtitles(chapter.id)}
          busy={subtitling === chapter.id}
          inactive={subtitling !== null}
          className="mt-2 rounded border border-gray-500 px-3 py-1 text-sm text-gray-100 hover:bg-gray-800 aria-disabled:opacity-60"
        >
          {subtitling === chapter.id ? 'AI字幕处理中，请稍候…' : '生成AI字幕'}
        </BusyButton>
      )}
      <p className="mt-1 text-sm text-gray-300" aria-live="polite" data-testid="study-status">
        {status}
        {pending > 0 && <span data-testid="pending-heartbeats">（待提交 {pending} 条）</span>}
      </p>
    </div>
  );
}
