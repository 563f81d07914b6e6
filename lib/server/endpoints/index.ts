/**
 * The endpoint table (docs/design.md §5): path -> body schema + one service call. Route handlers for
 * /api/* and /modules/* and the in-process transport of lib/api all dispatch through it.
 * Each domain keeps its endpoints in lib/server/endpoints/<domain>.ts, joined below.
 * `/api/platform/X` resolves to the entry of `/api/X` with ctx.platform = true (SPEC 1, 7).
 */
import { joinEndpointTables, type Endpoint } from './endpoint';
import { ACCOUNTS_ENDPOINTS } from './accounts';
import { ASSIGNMENT_ENDPOINTS } from './assignments';
import { CATALOGUE_ENDPOINTS } from './catalogue';
import { HOME_ENDPOINTS } from './home';
import { LEARNING_ENDPOINTS } from './learning';
import { LIVE_ENDPOINTS } from './live';
import { MANAGEMENT_ENDPOINTS } from './management';
import { SERIES_ENDPOINTS } from './series-admin';
import { SPACES_ENDPOINTS } from './spaces';
import { NOTIFICATION_ENDPOINTS } from './notifications';

export const ENDPOINTS: Record<string, Endpoint> = joinEndpointTables(
  HOME_ENDPOINTS,
  CATALOGUE_ENDPOINTS,
  ACCOUNTS_ENDPOINTS,
  LEARNING_ENDPOINTS,
  SPACES_ENDPOINTS,
  MANAGEMENT_ENDPOINTS,
  LIVE_ENDPOINTS,
  ASSIGNMENT_ENDPOINTS,
  NOTIFICATION_ENDPOINTS,
  SERIES_ENDPOINTS,
);
