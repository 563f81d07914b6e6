/** Backend contract (SPEC 7, docs/design.md §5): every method lands in the one endpoint table. */
import { openDirectLane } from '@/lib/server/lanes/direct-lane';
import { handleApiRequest } from '@/lib/server/http/api-route';
import { directPaths } from '@/lib/server/http/dispatch';

export const dynamic = 'force-dynamic';

// Heartbeats skip Next.js's router from now on (lib/server/lanes/direct-lane).
openDirectLane(handleApiRequest, directPaths());

export const GET = handleApiRequest;
export const POST = handleApiRequest;
export const PUT = handleApiRequest;
export const PATCH = handleApiRequest;
export const DELETE = handleApiRequest;
