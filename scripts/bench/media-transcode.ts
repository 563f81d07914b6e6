/**
 * The transcoding job's packaging (services/media/hls/ffmpeg.ts packageInto) of one file, for scripts/bench/media.mjs:
 * `node --conditions=react-server --import tsx scripts/bench/media-transcode.ts <source> <outDir>`. Prints one JSON
 * line: the video's seconds, the wall-clock seconds and the CPU seconds ffmpeg used (this process's waited-for
 * children, from /proc/self/stat), and the renditions.
 */
import { readFileSync } from 'node:fs';
import { packageInto } from '@/lib/server/services/media/hls/ffmpeg';

const childCpuSeconds = () => {
  // Fields after the command's closing parenthesis: cutime and cstime are the 14th and 15th (clock ticks, 100/s).
  const rest = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(rest[13]) + Number(rest[14])) / 100;
};

async function main() {
  const [source, out] = process.argv.slice(2);
  const cpu0 = childCpuSeconds();
  const t0 = performance.now();
  const r = await packageInto(source, out);
  const wall = (performance.now() - t0) / 1000;
  if (!r.ok) throw new Error(r.detail);
  process.stdout.write(
    `${JSON.stringify({ video: r.probe.duration, wall, cpu: childCpuSeconds() - cpu0, renditions: r.renditions.map((x) => x.name) })}\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
