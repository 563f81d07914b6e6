/** 用户导入模板 as xlsx or CSV (lib/server/http/user-import.ts). */
import { handleImportTemplate } from '@/lib/server/http/user-import';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = handleImportTemplate;
