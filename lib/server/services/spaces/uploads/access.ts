/** Who may use or fetch a stored file, and the file behind a served URL. */
import { and, eq, sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { courses, operators, series, uploadFiles } from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, CODE_INVALID, ServiceError } from '@/lib/server/errors';
import { isSafeKey, storage } from '@/lib/server/storage';
import type { SessionUser } from '../../accounts/sessions';
import { PUBLISHED } from '../../audience';
import { existingFile, fileUrl, type FileRow } from './common';
import { ownsFile } from './sessions';
import { orgInScope, powerScope } from '../../management/powers';
import { FILE_MISSING_MSG, OWN_FILES_ONLY_MSG } from '@/lib/contract/spaces';

/** The file, when this user uploaded it: only then may they attach it or fetch it from its own URL. */
export async function userHasFile(user: SessionUser, fileId: number): Promise<FileRow> {
  const d = await db();
  const [file] = await d.select().from(uploadFiles).where(eq(uploadFiles.id, fileId)).limit(1);
  if (!file) throw new ServiceError(FILE_MISSING_MSG, CODE_INVALID);
  if (!(await ownsFile(user, file))) throw new ServiceError(OWN_FILES_ONLY_MSG, CODE_FORBIDDEN);
  return file;
}

export async function fileByUrl(url: string): Promise<FileRow | null> {
  const m = /^\/api\/resourceFile\/file\/([a-f0-9]{32})-(\d{1,15})\.([a-z0-9]{1,8})$/.exec(url);
  if (!m) return null;
  const f = await existingFile(m[1], Number(m[2]));
  return f && f.ext === m[3] ? f : null;
}

/**
 * Whether anyone may fetch the file from its URL, decided by what it is used for: an image that is the cover of a
 * published course or series (the catalogue shows it). Anything else (course videos and documents, covers of courses not
 * published) is for its uploader only.
 */
export async function isPublicFile(file: FileRow): Promise<boolean> {
  if (file.kind !== 'image') return false;
  const d = await db();
  const [used] = await d
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.cover, fileUrl(file)), eq(courses.auditStatus, PUBLISHED)))
    .limit(1);
  if (used) return true;
  // A series is published while it has audiences (services/management/series-admin.ts).
  const [cover] = await d
    .select({ id: series.id })
    .from(series)
    .where(and(eq(series.cover, fileUrl(file)), sql`cardinality(${series.audiences}) > 0`))
    .limit(1);
  return !!cover;
}

/**
 * Whether this user reviews a course whose cover the image is (the power "course-review" over the course's creator's
 * organisation): the review screen shows the cover of a course not yet published.
 */
export async function reviewsCover(user: SessionUser, file: FileRow): Promise<boolean> {
  if (file.kind !== 'image') return false;
  const scope = await powerScope(user, 'course-review');
  if (!scope.all && scope.orgIds.length === 0) return false;
  const d = await db();
  const [used] = await d
    .select({ id: courses.id })
    .from(courses)
    .innerJoin(operators, eq(operators.id, courses.creatorId))
    .where(and(eq(courses.cover, fileUrl(file)), orgInScope(scope, operators.orgId)))
    .limit(1);
  return !!used;
}

/** The stored file behind a served name, with its size; null for anything else (no key from the request is ever used). */
export async function servedFile(name: string): Promise<{ file: FileRow; size: number } | null> {
  const file = await fileByUrl(`/api/resourceFile/file/${name}`);
  if (!file || !isSafeKey(file.storageKey)) return null;
  const st = await storage().stat(file.storageKey);
  return st ? { file, size: st.size } : null;
}
