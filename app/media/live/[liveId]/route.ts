/**
 * The recording of an ended live class, streamed with HTTP range requests to signed-in users on a site that
 * shows the class (lib/server/services/learning/live-replay.ts). Other methods get the JSON envelope (405).
 */
import { mediaRoutes, serveLiveReplay } from '@/lib/server/services/media/media-stream';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = mediaRoutes('liveId', serveLiveReplay);
