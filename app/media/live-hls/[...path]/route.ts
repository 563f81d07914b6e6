/** The live HLS of a class on air, relayed from the ingest (lib/server/services/live/hls-relay.ts). */
import { mediaRoutes } from '@/lib/server/services/media/media-stream';
import { relayLiveHls } from '@/lib/server/services/live/hls-relay';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = mediaRoutes('path', relayLiveHls);
