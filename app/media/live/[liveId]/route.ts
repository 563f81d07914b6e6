/**
 * The recording of an ended live class when it is a clip of the media store, streamed with HTTP range requests to
 * signed-in users on a site that shows the class (lib/server/services/live/replay-media.ts). Other methods get the
 * JSON envelope (405).
 */
import { liveReplay, mediaRoutes } from '@/lib/server/http/media-route';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = mediaRoutes('liveId', liveReplay);
