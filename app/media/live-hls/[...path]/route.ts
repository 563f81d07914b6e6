/** The live HLS of a class on air, relayed from the ingest (lib/server/services/live/hls-relay.ts). */
import { liveHls, mediaRoutes } from '@/lib/server/http/media-route';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = mediaRoutes('path', liveHls);
