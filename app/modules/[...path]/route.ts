/** Backend contract (SPEC 7, docs/design.md §5): every method lands in the one endpoint table. */
import { handleApiRequest } from '@/lib/server/http/api-route';

export const dynamic = 'force-dynamic';

export const GET = handleApiRequest;
export const POST = handleApiRequest;
export const PUT = handleApiRequest;
export const PATCH = handleApiRequest;
export const DELETE = handleApiRequest;
