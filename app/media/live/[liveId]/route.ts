/**
 * The recording of an ended live class when it is a clip of the media store, streamed with HTTP range requests to
 * signed-in users on a site that shows the class (lib/server/services/live/replay-media.ts). Other methods get the
 * JSON envelope (405).
 */
import { mediaRoutes } from '@/lib/server/services/media/media-stream';
import { serveLiveReplay } from '@/lib/server/services/live/replay-media';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = mediaRoutes('liveId', serveLiveReplay);
