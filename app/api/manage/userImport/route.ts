/** 用户导入: the upload, checked and imported with progress as NDJSON (lib/server/http/user-import.ts). */
import { handleUserImport } from '@/lib/server/http/user-import';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = handleUserImport;
