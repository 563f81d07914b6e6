/**
 * npm run media:package-demo: packages the demo clips (assets/media/demo-*.webm) for HLS into assets/media/hls/<clip>/
 * with the transcoding job's own code (services/media/hls/ffmpeg.ts), and writes each package's package.json
 * (renditions, duration). The result is committed: the clips are 320x180, so each gets one small rendition, and
 * test servers then need no ffmpeg run at start. Run it again only when the clips or the packaging change.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLIPS } from '@/lib/server/services/media/demo-media';
import { packageInto } from '@/lib/server/services/media/hls/ffmpeg';
import { SEGMENT_SECONDS } from '@/lib/server/services/media/hls/ladder';

async function main() {
  const root = path.join(process.cwd(), 'assets', 'media');
  for (const clip of Object.values(CLIPS)) {
    const work = mkdtempSync(path.join(os.tmpdir(), `hls-${clip.key}-`));
    const started = Date.now();
    // The clips' sound is a narration-like test signal: 16 kbit/s mono keeps the committed files small.
    const result = await packageInto(path.join(root, clip.file), work, {}, { bits: 16_000, channels: 1 });
    if (!result.ok) throw new Error(`${clip.key}: ${result.detail}`);
    writeFileSync(
      path.join(work, 'package.json'),
      `${JSON.stringify(
        {
          renditions: result.renditions.map(({ name, width, height, bandwidth }) => ({
            name,
            width,
            height,
            bandwidth,
          })),
          audioBits: 16_000,
          duration: Math.round(result.probe.duration * 1000) / 1000,
          segmentSeconds: SEGMENT_SECONDS,
        },
        null,
        2,
      )}\n`,
    );
    const out = path.join(root, 'hls', clip.key);
    rmSync(out, { recursive: true, force: true });
    cpSync(work, out, { recursive: true });
    rmSync(work, { recursive: true, force: true });
    process.stdout.write(
      `${clip.key}: ${result.renditions.map((r) => r.name).join(', ')} in ${Date.now() - started} ms\n`,
    );
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
