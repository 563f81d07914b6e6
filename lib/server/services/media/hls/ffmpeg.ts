/**
 * ffprobe and ffmpeg for HLS packaging: the source's size, length and streams; one ffmpeg run that writes every
 * rendition (one decode, split and scaled), with `-progress` read as it goes; the poster frame.
 */
import 'server-only';
import { spawn } from 'node:child_process';
import { config } from '@/lib/server/config';
import { AUDIO_BITS, planRenditions, SEGMENT_SECONDS, type PlannedRendition } from './ladder';

/** The sound of the renditions: AAC at 96 kbit/s stereo unless asked otherwise (the demo clips take less). */
export interface AudioOptions {
  bits?: number;
  channels?: number;
}

export interface Probe {
  width: number;
  height: number;
  duration: number;
  hasAudio: boolean;
}

/** A long lecture at -threads 2 takes a while; a run past this is killed (the job then fails and is retried). */
const TRANSCODE_TIMEOUT_MS = 3 * 3600_000;

function run(
  bin: string,
  args: string[],
  opts: { timeoutMs: number; onStdout?: (chunk: string) => void },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // The binaries are configuration, not project files: not traced by the bundler.
    const child = spawn(/*turbopackIgnore: true*/ bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      const s = d.toString('utf8');
      if (opts.onStdout) opts.onStdout(s);
      else stdout = (stdout + s).slice(-200_000);
    });
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-4000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: stderr || e.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The source's video size (as displayed: a rotated phone video is taller than wide), length and audio; null: unreadable. */
export async function probe(file: string): Promise<Probe | null> {
  const r = await run(
    config().FFPROBE_PATH,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeoutMs: 60_000 },
  );
  if (r.code !== 0) return null;
  try {
    const info = JSON.parse(r.stdout) as {
      format?: { duration?: string };
      streams?: {
        codec_type?: string;
        width?: number;
        height?: number;
        duration?: string;
        tags?: { rotate?: string };
        side_data_list?: { rotation?: number }[];
      }[];
    };
    const video = info.streams?.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0);
    if (!video) return null;
    const rotation = Math.abs(
      Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation)?.rotation ?? 0),
    );
    const turned = rotation === 90 || rotation === 270;
    const duration = Number(info.format?.duration ?? video.duration ?? 0);
    if (!(duration > 0)) return null;
    return {
      width: turned ? video.height! : video.width!,
      height: turned ? video.width! : video.height!,
      duration,
      hasAudio: info.streams?.some((s) => s.codec_type === 'audio') ?? false,
    };
  } catch {
    return null;
  }
}

/** The ffmpeg arguments that package `source` into `outDir/<name>/index.m3u8` + segments and `outDir/master.m3u8`. */
export function hlsArgs(
  source: string,
  outDir: string,
  renditions: PlannedRendition[],
  hasAudio: boolean,
  audio: AudioOptions = {},
): string[] {
  const n = renditions.length;
  const split = `[0:v]split=${n}${renditions.map((_, i) => `[s${i}]`).join('')}`;
  const scales = renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[v${i}]`);
  const args = [
    '-hide_banner',
    '-v',
    'error',
    '-nostats',
    '-y',
    '-i',
    source,
    '-threads',
    String(config().FFMPEG_THREADS),
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  renditions.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (hasAudio) args.push('-map', '0:a:0');
    // Capped quality: plain content (slides, a lecturer at a desk) takes few bits, busy content at most the cap.
    args.push(`-maxrate:v:${i}`, String(r.videoBits), `-bufsize:v:${i}`, String(Math.round(r.videoBits * 1.5)));
  });
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    // A keyframe every SEGMENT_SECONDS and none at scene cuts: the segments come out even.
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-sc_threshold',
    '0',
  );
  if (hasAudio)
    args.push(
      '-c:a',
      'aac',
      '-b:a',
      String(audio.bits ?? AUDIO_BITS),
      '-ac',
      String(audio.channels ?? 2),
      '-ar',
      '48000',
    );
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    // MPEG-TS, named .m2ts: a `.ts` file anywhere in the tree would be taken for TypeScript by the tools.
    `${outDir}/%v/seg%05d.m2ts`,
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    renditions.map((r, i) => (hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`)).join(' '),
    '-progress',
    'pipe:1',
    `${outDir}/%v/index.m3u8`,
  );
  return args;
}

/**
 * Runs the packaging; `onProgress` gets the seconds of output written so far (from `-progress`, a few times a
 * second). Resolves with ffmpeg's last error line, or '' on success.
 */
export async function transcode(args: string[], onProgress: (seconds: number) => void): Promise<string> {
  let pending = '';
  const r = await run(config().FFMPEG_PATH, args, {
    timeoutMs: TRANSCODE_TIMEOUT_MS,
    onStdout: (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_us (out_time_ms is microseconds too, by an old naming mistake of ffmpeg's).
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
        if (m) onProgress(Number(m[1]) / 1e6);
      }
    },
  });
  if (r.code === 0) return '';
  return r.stderr.trim().split('\n').pop() || `ffmpeg exited with ${r.code ?? 'no code'}`;
}

/** A JPEG poster from `at` seconds in, at most 720 lines tall; true when written. */
export async function poster(source: string, file: string, at: number): Promise<boolean> {
  const r = await run(
    config().FFMPEG_PATH,
    [
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-ss',
      at.toFixed(2),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      "scale=-2:'min(720,ih)'",
      '-q:v',
      '4',
      file,
    ],
    { timeoutMs: 60_000 },
  );
  return r.code === 0;
}

export type PackResult =
  { ok: true; probe: Probe; renditions: PlannedRendition[] } | { ok: false; unreadable: boolean; detail: string };

/**
 * Packages `source` into `outDir` (renditions, master playlist, poster.jpg). `onStart` is told the probe before
 * ffmpeg starts, `onProgress` the fraction done (0..1) as it goes.
 */
export async function packageInto(
  source: string,
  outDir: string,
  hooks: { onStart?: (p: Probe) => Promise<void>; onProgress?: (fraction: number) => void } = {},
  audio: AudioOptions = {},
): Promise<PackResult> {
  const info = await probe(source);
  if (!info) return { ok: false, unreadable: true, detail: 'ffprobe found no playable video' };
  const renditions = planRenditions(info.width, info.height, info.hasAudio);
  await hooks.onStart?.(info);
  const failed = await transcode(hlsArgs(source, outDir, renditions, info.hasAudio, audio), (s) =>
    hooks.onProgress?.(Math.min(1, s / info.duration)),
  );
  if (failed)
    return { ok: false, unreadable: /Invalid data|could not find codec|moov atom/i.test(failed), detail: failed };
  if (!(await poster(source, `${outDir}/poster.jpg`, Math.min(1, info.duration / 3))))
    return { ok: false, unreadable: false, detail: 'no poster frame' };
  return { ok: true, probe: info, renditions };
}
