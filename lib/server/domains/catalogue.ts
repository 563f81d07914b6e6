/**
 * Endpoints of the catalogue domain, spread into the endpoint table (lib/server/endpoints.ts).
 * Services live in lib/server/services/; body schemas shared with forms live in lib/validation/.
 */
import type { Endpoint } from '../endpoint';

export const CATALOGUE_ENDPOINTS: Record<string, Endpoint> = {};
