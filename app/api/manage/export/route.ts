/** Exports of the unit area's tables, streamed (lib/server/http/exports.ts). */
import { handleExport } from '@/lib/server/http/exports';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = handleExport;
