/**
 * A chapter's HLS playlists and poster for one play ticket (`?t=`): /media/hls/<chapterId>/master.m3u8,
 * /media/hls/<chapterId>/<rendition>.m3u8, /media/hls/<chapterId>/poster.jpg. Without a valid ticket: 403.
 */
import { mediaRoutes } from '@/lib/server/services/media/media-stream';
import { serveHls } from '@/lib/server/services/media/hls/play';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = mediaRoutes('path', serveHls);
