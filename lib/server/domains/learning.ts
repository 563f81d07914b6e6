/**
 * Endpoints of the learning domain, spread into the endpoint table (lib/server/endpoints.ts).
 * Services live in lib/server/services/; body schemas shared with forms live in lib/validation/.
 */
import type { Endpoint } from '../endpoint';

export const LEARNING_ENDPOINTS: Record<string, Endpoint> = {};
