/**
 * The demo clips' HLS packages ship in the repository (assets/media/hls/<clip>/, made by
 * `npm run media:package-demo`): they are small (the clips are 320x180, so one rendition each), and shipping them
 * keeps ffmpeg out of every test server's start. On first play they are copied into the store (where the segments
 * are served from, by nginx in the cluster) and recorded like any package.
 */
import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { db } from '@/lib/server/db';
import { mediaPackages, type HlsRendition } from '@/lib/server/db/schema';
import { storage } from '@/lib/server/storage';
import { processState } from '@/lib/server/process-state';
import { errorText, log } from '@/lib/server/ops/log';
import { mediaRoot } from '../demo-media';
import { packageFolder, packageOf } from './packages';

export interface PackageManifest {
  renditions: HlsRendition[];
  duration: number;
  segmentSeconds: number;
}

export const demoPackageDir = (clipKey: string) => path.join(mediaRoot(), 'hls', clipKey);

const copies = processState<Map<string, Promise<string | null>>>('demo-hls', () => new Map());

const TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', jpg: 'image/jpeg' };

/** The demo clip's package key once it is in the store and recorded; null when the repository has none. */
export function ensureDemoPackage(clipKey: string): Promise<string | null> {
  const running = copies.get(clipKey);
  if (running) return running;
  const job = (async () => {
    // Recorded and in this store: a store that lacks the files (a new one, or one moved to) gets them again.
    if (
      (await packageOf(clipKey))?.state === 'ready' &&
      (await storage().stat(`${packageFolder(clipKey)}/master.m3u8`)) !== null
    )
      return clipKey;
    const dir = demoPackageDir(clipKey);
    const manifest = await readFile(path.join(dir, 'package.json'), 'utf8').then(
      (s) => JSON.parse(s) as PackageManifest,
      () => null,
    );
    if (!manifest) return null;
    const files: string[] = ['poster.jpg'];
    for (const r of manifest.renditions) {
      for (const f of await readdir(path.join(dir, r.name))) files.push(`${r.name}/${f}`);
    }
    files.push('master.m3u8');
    const store = storage();
    for (const rel of files)
      await store.putFile(`${packageFolder(clipKey)}/${rel}`, path.join(dir, rel), {
        contentType: TYPES[rel.split('.').pop() ?? ''],
      });
    const { renditions, duration, segmentSeconds } = manifest;
    const values = {
      state: 'ready',
      percent: 100,
      error: '',
      updatedAt: new Date(),
      renditions,
      duration,
      segmentSeconds,
    };
    await (
      await db()
    )
      .insert(mediaPackages)
      .values({ key: clipKey, ...values })
      .onConflictDoUpdate({ target: mediaPackages.key, set: values });
    return clipKey;
  })()
    .catch((err) => {
      log.warn({ clip: clipKey, err: errorText(err) }, 'demo clip package not stored');
      return null;
    })
    .finally(() => copies.delete(clipKey));
  copies.set(clipKey, job);
  return job;
}
