/**
 * Which HLS renditions a source gets (issue 24): H.264/AAC at 360p and 720p, 1080p only when the source has it,
 * never upscaled; a source under 360p gets one rendition at its own size. Pure, so tests check it without ffmpeg.
 */
import type { HlsRendition } from '@/lib/server/db/schema';

/** Segment length: every segment starts on a forced keyframe, so all but the last are this long. */
export const SEGMENT_SECONDS = 5;

const LADDER = [
  { height: 360, video: 800_000 },
  { height: 720, video: 2_500_000 },
  { height: 1080, video: 5_000_000 },
];
export const AUDIO_BITS = 96_000;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export interface PlannedRendition extends HlsRendition {
  /** Video bits per second asked of x264 (-b:v); the bandwidth adds audio and a margin. */
  videoBits: number;
}

/** The renditions of a `width` x `height` source (display size). */
export function planRenditions(width: number, height: number, hasAudio = true): PlannedRendition[] {
  if (!(width > 0 && height > 0)) return [];
  const at = (h: number, videoBits: number): PlannedRendition => {
    const outH = even(h);
    const outW = even((width * h) / height);
    return {
      name: `${outH}p`,
      width: outW,
      height: outH,
      videoBits,
      bandwidth: Math.round((videoBits + (hasAudio ? AUDIO_BITS : 0)) * 1.1),
    };
  };
  if (height < 360) {
    // Bits in proportion to the pixels of 360p, with a floor: a tiny source still gets a clean picture.
    const bits = Math.max(200_000, Math.round((800_000 * height) / 360));
    return [at(height, bits)];
  }
  return LADDER.filter((r) => r.height <= height).map((r) => at(r.height, r.video));
}

/** The quality menu's words for a rendition (SPEC: 流畅 / 高清 / 超清), by height. */
export function qualityLabel(height: number): string {
  return height >= 1080 ? '超清' : height >= 720 ? '高清' : '流畅';
}
