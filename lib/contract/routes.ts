/**
 * The routes outside the endpoint table (lib/server/http/route): files, streams and uploads, each with its method and
 * what it takes. A link or call the client makes to one of them is built from here (routeUrl), so a renamed route
 * or a changed query fails the type check; the server's schemas are checked against the entries where they live.
 * `:name` is a path segment, `*` the rest of the path.
 */
import type { z } from 'zod';
import type { exportSchema } from '@/lib/validation/management';

/** The assistant's question: the conversation so far, the user's question last. */
export interface ChatBody {
  messages: { role: 'user' | 'assistant'; content: string }[];
}

export interface RouteContract {
  /** A table of the unit report as a file (csv or xlsx), with the report's filters. */
  '/api/manage/export': { method: 'GET'; query: z.input<typeof exportSchema> };
  /** 用户导入模板; anything but csv is the xlsx. */
  '/api/manage/userImport/template': { method: 'GET'; query: { format?: 'xlsx' | 'csv' } };
  /** 用户导入: multipart, one part named `file`; answers NDJSON progress, the envelope last. */
  '/api/manage/userImport': { method: 'POST'; body: FormData };
  /** The assistant's answer, streamed as text. */
  '/api/conversation/chat': { method: 'POST'; body: ChatBody };
  /** Uploads, multipart: a chunk of a course video, a resource file, an attachment. */
  '/api/resourceFile/uploadCourseWareFile': { method: 'POST'; body: FormData };
  '/api/resourceFile/uploadResFile': { method: 'POST'; body: FormData };
  '/api/resourceFile/uploadFile': { method: 'POST'; body: FormData };
  /** An uploaded file served back. */
  '/api/resourceFile/file/:name': { method: 'GET'; query: Record<string, never> };
  /** A chapter's video or document with range requests, or its subtitle track. */
  '/media/chapter/:chapterId': { method: 'GET'; query: { track?: 'vtt' } };
  /** A chapter's HLS playlists and poster for one play ticket. */
  '/media/hls/:chapterId/:file': { method: 'GET'; query: { t: string } };
  /** An HLS segment, its URL signed in its playlist. */
  '/media/seg/*': { method: 'GET'; query: { e: string; s: string } };
  /** An ended live class's recording: a clip, or the recorded broadcast as HLS. */
  '/media/live/:liveId': { method: 'GET'; query: Record<string, never> };
  '/media/live/:liveId/hls/:file': { method: 'GET'; query: Record<string, never> };
  /** A class on air as HLS, relayed from the ingest. */
  '/media/live-hls/*': { method: 'GET'; query: Record<string, never> };
  /** A certificate as a PDF. */
  '/media/certificate': { method: 'POST'; body: { certificateId: number } };
  /** nginx-rtmp's callbacks (on_publish, on_publish_done, on_record_done), form-encoded, from the ingest hosts only. */
  '/api/live/ingest/:event': { method: 'POST'; body: URLSearchParams };
}

export type RoutePath = keyof RouteContract;

/** Every route of the contract with its method, as a value (tests/unit/route-contract.test.ts walks app/ with it). */
export const ROUTES = {
  '/api/manage/export': 'GET',
  '/api/manage/userImport/template': 'GET',
  '/api/manage/userImport': 'POST',
  '/api/conversation/chat': 'POST',
  '/api/resourceFile/uploadCourseWareFile': 'POST',
  '/api/resourceFile/uploadResFile': 'POST',
  '/api/resourceFile/uploadFile': 'POST',
  '/api/resourceFile/file/:name': 'GET',
  '/media/chapter/:chapterId': 'GET',
  '/media/hls/:chapterId/:file': 'GET',
  '/media/seg/*': 'GET',
  '/media/live/:liveId': 'GET',
  '/media/live/:liveId/hls/:file': 'GET',
  '/media/live-hls/*': 'GET',
  '/media/certificate': 'POST',
  '/api/live/ingest/:event': 'POST',
} as const satisfies { [P in RoutePath]: RouteContract[P]['method'] };

/** The routes a page links to with a query string (no path segments to fill in). */
export type LinkedRoute = {
  [P in RoutePath]: RouteContract[P] extends { method: 'GET'; query: unknown }
    ? P extends `${string}:${string}` | `${string}*`
      ? never
      : P
    : never;
}[RoutePath];

/**
 * The address of a GET route with its query: values left out or empty are not sent, a boolean is 1 or 0
 * (what the route's query reader takes back, e.g. lib/validation/management exportQuery).
 */
export function routeUrl<P extends LinkedRoute>(path: P, query: RouteContract[P]['query']): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null || v === '') continue;
    q.set(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
