/**
 * HLS segments, /media/seg/<package>/<rendition>/<segment>.m2ts?e=&s=: each URL signed in its playlist for one browser
 * (services/media/hls/tickets.ts). Behind nginx these never reach the portal (deploy/nginx.conf checks the signature
 * with secure_link and serves the file); this route serves them on a single instance, with the same check.
 */
import { hlsSegment, mediaRoutes } from '@/lib/server/http/media-route';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = mediaRoutes('path', hlsSegment);
