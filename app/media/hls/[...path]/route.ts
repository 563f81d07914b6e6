/**
 * A chapter's HLS playlists and poster for one play ticket (`?t=`): /media/hls/<chapterId>/master.m3u8,
 * /media/hls/<chapterId>/<rendition>.m3u8, /media/hls/<chapterId>/poster.jpg. Without a valid ticket: 403.
 */
import { chapterHls, mediaRoutes } from '@/lib/server/http/media-route';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = mediaRoutes('path', chapterHls);
