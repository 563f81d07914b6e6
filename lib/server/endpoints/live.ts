/**
 * Endpoints of live classes (issue 24), spread into the endpoint table (lib/server/endpoints). Each: a zod body
 * schema and one service call; each also answers under /api/platform/. `/api/live/recordHours` also answers GET
 * (SPEC 7 names it so), its body read from the query string (http/api-route.ts).
 */
import type { LiveContract } from '@/lib/contract/endpoints';
import { contractTable, endpoint } from './endpoint';
import { liveDetail, liveList } from '../services/catalogue/live';
import * as replay from '../services/live/replay';
import * as keys from '../services/live/stream-keys';
import * as watching from '../services/live/watching';
import { scopeOf as scope } from '../services/scope';
import { byId, liveListSchema } from '@/lib/validation/catalogue';

export const LIVE_ENDPOINTS = contractTable<keyof LiveContract>({
  '/api/live/list': endpoint(liveListSchema, 'none', (b, ctx) => liveList(scope(ctx), b)),
  '/api/live/detail': endpoint(byId, 'none', (b, ctx) => liveDetail(scope(ctx), b.id)),
  // Watching on air: the page's state, the learner's ping (counted, then credited), the teacher's end.
  '/api/live/recordHours': endpoint(byId, { auth: 'optional', get: true }, (b, ctx) =>
    watching.recordHours(ctx.user, scope(ctx), b.id),
  ),
  '/api/live/watch': endpoint(byId, 'optional', (b, ctx) => watching.watchState(ctx.user, scope(ctx), b.id)),
  '/api/live/finish': endpoint(byId, 'user', (b, ctx) => watching.finishClass(ctx.user, scope(ctx), b.id)),
  // The stream address and key, for the class's teacher and managers.
  '/api/live/streamInfo': endpoint(byId, 'user', (b, ctx) => keys.streamInfo(ctx.user, scope(ctx), b.id)),
  '/api/live/streamKeyReset': endpoint(byId, 'user', (b, ctx) => keys.regenerateStreamKey(ctx.user, scope(ctx), b.id)),
  // The recording of an ended class: the learner's state, its start and its end (recordHours credited once).
  '/api/live/replayState': endpoint(byId, 'user', (b, ctx) => replay.replayState(ctx.user, scope(ctx), b.id)),
  '/api/live/replayStart': endpoint(byId, 'user', (b, ctx) => replay.replayStart(ctx.user, scope(ctx), b.id)),
  '/api/live/replayFinish': endpoint(byId, 'user', (b, ctx) => replay.replayFinish(ctx.user, scope(ctx), b.id)),
});
