/**
 * The playlists a viewer gets: the stored ones (ffmpeg's) rewritten for one ticket. The master names each
 * rendition's playlist with the ticket; a media playlist names each segment by its signed URL and, on trial, stops
 * at the last segment that starts before the trial's end, so no later segment is ever signed for that viewer.
 * Pure text functions: the tests check them on synthetic playlists.
 */
import { signedSegmentUrl, type Ticket } from './tickets';

/** The master playlist: each rendition's `<name>/index.m3u8` becomes `<name>.m3u8?t=<ticket>` beside it. */
export function rewriteMaster(stored: string, ticket: string): string {
  return stored
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const m = /^([\w-]+)\/index\.m3u8$/.exec(line.trim());
      return m ? `${m[1]}.m3u8?t=${encodeURIComponent(ticket)}` : line;
    })
    .join('\n');
}

/**
 * A rendition's playlist for this ticket: segment URIs become `<base>/<file>?e=&s=` (base: `/media/seg/<key>/<name>`);
 * with `limitSeconds`, segments starting at or after it are left out.
 */
export function rewriteMedia(
  stored: string,
  base: string,
  ticket: Pick<Ticket, 'expires' | 'play'>,
  limitSeconds = Infinity,
): string {
  const out: string[] = [];
  let at = 0;
  let pendingInf: string | null = null;
  let stopped = false;
  for (const raw of stored.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXTINF:')) {
      pendingInf = line;
      continue;
    }
    if (line === '#EXT-X-ENDLIST') continue;
    if (line.startsWith('#')) {
      if (!stopped && pendingInf == null) out.push(line);
      continue;
    }
    // A segment's URI, after its #EXTINF.
    if (pendingInf == null || stopped) continue;
    const length = Number(/^#EXTINF:([\d.]+)/.exec(pendingInf)?.[1] ?? 0);
    if (at >= limitSeconds || !/^[\w.-]+\.m2ts$/.test(line)) {
      stopped = at >= limitSeconds;
      pendingInf = null;
      continue;
    }
    out.push(pendingInf, signedSegmentUrl(`${base}/${line}`, ticket));
    at += length;
    pendingInf = null;
  }
  out.push('#EXT-X-ENDLIST');
  return `${out.join('\n')}\n`;
}

/** Seconds a media playlist lasts (the sum of its #EXTINF). */
export function playlistSeconds(playlist: string): number {
  let total = 0;
  for (const m of playlist.matchAll(/^#EXTINF:([\d.]+)/gm)) total += Number(m[1]);
  return total;
}
