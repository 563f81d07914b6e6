/**
 * The player's media (issue 5): a chapter's video streamed with HTTP range requests, or its WebVTT track
 * (`?track=vtt`). Who may see what is decided here, on the server: a visitor or a learner who has not chosen
 * the course gets the trial rendition, cut at the trial limit, so no byte past it is ever served; a course not
 * published is for its creator and managers only. Other methods get the JSON envelope (405).
 */
import { chapterMedia, mediaRoutes } from '@/lib/server/http/media-route';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = mediaRoutes('chapterId', chapterMedia);
