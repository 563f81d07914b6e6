/**
 * /api/resourceFile/*: the multipart uploads (streamed, lib/server/http/streaming.ts) and the uploaded files
 * served back; every other call under this prefix (progress, updateBasic, ...) is an ordinary JSON endpoint.
 */
import { handleApiRequest } from '@/lib/server/http/api-route';
import { handleUpload, serveFile, type UploadAction } from '@/lib/server/http/streaming';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const UPLOADS = new Set<string>(['uploadCourseWareFile', 'uploadResFile', 'uploadFile']);

type Ctx = { params: Promise<{ path: string[] }> };

export async function POST(request: Request, { params }: Ctx) {
  const { path } = await params;
  if (path.length === 1 && UPLOADS.has(path[0])) return handleUpload(request, path[0] as UploadAction);
  return handleApiRequest(request);
}

export async function GET(request: Request, { params }: Ctx) {
  const { path } = await params;
  if (path.length === 2 && path[0] === 'file') return serveFile(request, path[1]);
  return handleApiRequest(request);
}

export const HEAD = GET;
export const PUT = handleApiRequest;
export const PATCH = handleApiRequest;
export const DELETE = handleApiRequest;
