/**
 * Defect: a document chapter (PDF, DOCX... uploaded in the creation centre) showed 该章节暂无视频 in the player,
 * its file answered 404 from /media/chapter/:id and it was listed as 0分0秒. Now the player's view and the course
 * page say it is a document (name, size), the media route serves it whole to a learner who chose the course and to
 * the course's teacher (a PDF or an office file as a download, under the uploaded-file route's sandbox policy) and
 * refuses anyone else with 请选学后播放, and opening it counts it as studied without breaking the course's progress.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { courseChapters, courseEnrolments, courses, operators, uploadFiles } from '@/lib/server/db/schema';
import type { Chapter } from '@/lib/contract/catalogue';
import type { CourseProgressView, CourseView, HeartbeatAnswer } from '@/lib/contract/learning';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { chapterMedia } from '@/lib/server/http/media-route';

const { call } = testClient();
const get = (chapterId: number, token: string | null = null, headers: Record<string, string> = {}) => {
  const all = token ? { ...headers, cookie: `Continuing-Education-Web-Token=${token}` } : headers;
  return chapterMedia(new Request(`http://localhost/media/chapter/${chapterId}`, { headers: all }), String(chapterId));
};

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'learning-documents-'));
const savedDir = process.env.UPLOAD_DIR;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const docx = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from('word/document.xml stand-in', 'latin1'),
]);
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let courseId = 0;
const ids = { video: 0, pdf: 0, docx: 0 };
const tokens = { teacher: '', chosen: '', other: '' };

async function storeFile(bytes: Buffer, ext: string, mime: string, name: string, ownerId: number): Promise<string> {
  const md5 = createHash('md5').update(bytes).digest('hex');
  const key = `files/${md5.slice(0, 2)}/${md5}-${bytes.length}.${ext}`;
  mkdirSync(path.join(uploadDir, path.dirname(key)), { recursive: true });
  writeFileSync(path.join(uploadDir, key), bytes);
  await (
    await db()
  )
    .insert(uploadFiles)
    .values({ md5, size: bytes.length, kind: 'document', mime, ext, storageKey: key, ownerId, originalName: name })
    .onConflictDoNothing();
  return `/api/resourceFile/file/${md5}-${bytes.length}.${ext}`;
}

beforeAll(async () => {
  process.env.UPLOAD_DIR = uploadDir;
  const d = await db();
  const people = await d
    .select({ id: operators.id, userId: operators.userId })
    .from(operators)
    .where(inArray(operators.userId, ['teacher', 'learner', 'student']));
  const op = (userId: string) => people.find((p) => p.userId === userId)!.id;
  // A course the teacher made in the creation centre, approved and shown on the main site like a seeded one.
  const [shown] = await d
    .select({ audiences: courses.audiences, categoryCode: courses.categoryCode })
    .from(courses)
    .where(eq(courses.auditStatus, 1052))
    .limit(1);
  const [course] = await d
    .insert(courses)
    .values({
      title: 'QA测试课程：科研数据管理入门',
      categoryCode: shown.categoryCode,
      audiences: shown.audiences,
      auditStatus: 1052,
      creatorId: op('teacher'),
      chapterCount: 3,
      durationSeconds: 300,
    })
    .returning({ id: courses.id });
  courseId = course.id;
  const pdfUrl = await storeFile(pdf, 'pdf', 'application/pdf', '讲义.pdf', op('teacher'));
  const docxUrl = await storeFile(docx, 'docx', DOCX_MIME, '参考 资料.docx', op('teacher'));
  const rows = await d
    .insert(courseChapters)
    .values([
      { courseId, sort: 1, title: '第一讲 数据采集', media: 'demo-1', durationSeconds: 300 },
      { courseId, sort: 2, title: '第三讲 参考讲义', media: pdfUrl, durationSeconds: 0 },
      { courseId, sort: 3, title: '第四讲 参考资料', media: docxUrl, durationSeconds: 0 },
    ])
    .returning({ id: courseChapters.id });
  [ids.video, ids.pdf, ids.docx] = rows.map((r) => r.id);
  await d.insert(courseEnrolments).values({ operatorId: op('learner'), courseId });
  tokens.teacher = await createSession(op('teacher'));
  tokens.chosen = await createSession(op('learner'));
  tokens.other = await createSession(op('student'));
});

afterAll(async () => {
  // On PostgreSQL the suite shares one database: this course (its documents have no length) leaves the catalogue, so
  // no later file picks it as a published course to study.
  await (await db()).update(courses).set({ auditStatus: 1051 }).where(eq(courses.id, courseId));
  process.env.UPLOAD_DIR = savedDir;
  rmSync(uploadDir, { recursive: true, force: true });
  await closeDb();
});

describe('a document chapter', () => {
  it('is described as a document (name, size, no length) by the player view and the course page', async () => {
    const view = (await call('/api/course/view', { courseId })).data as CourseView;
    expect(view.chapters.map((c) => c.kind)).toEqual(['video', 'document', 'document']);
    expect(view.chapters[1]).toMatchObject({
      kind: 'document',
      fileName: '讲义.pdf',
      fileSize: pdf.length,
      duration: 0,
      playable: false,
    });
    expect(view.chapters[0]).toMatchObject({ kind: 'video', fileName: '', fileSize: 0, duration: 300, playable: true });
    const listed = (await call('/api/course/chapter', { courseId })).data as Chapter[];
    expect(listed.map((c) => c.kind)).toEqual(['video', 'document', 'document']);
  });

  it('is served to a learner who chose the course: a PDF as an attachment, under the sandbox policy', async () => {
    const res = await get(ids.pdf, tokens.chosen);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Issue 22: a PDF shown inline ran at the portal's origin without the sandbox (the viewer does not run under it).
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('讲义.pdf')}`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    // Ranges too (a PDF viewer asks for parts).
    const part = await get(ids.pdf, tokens.chosen, { range: 'bytes=0-4' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('%PDF-');
  });

  it('saved by the creation centre with a length, still has none (a length would make it unfinishable)', async () => {
    const d = await db();
    const [teacher] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'teacher'));
    const [draft] = await d
      .insert(courses)
      .values({
        title: 'QA测试课程：文档章节',
        categoryCode: 302,
        audiences: ['general'],
        auditStatus: 1051,
        creatorId: teacher.id,
      })
      .returning({ id: courses.id });
    const [file] = await d
      .select({ id: uploadFiles.id })
      .from(uploadFiles)
      .where(eq(uploadFiles.originalName, '讲义.pdf'));
    const saved = await call(
      '/api/resourceFile/saveChapter',
      { courseId: draft.id, title: '参考讲义', fileId: file.id, durationSeconds: 600 },
      { token: tokens.teacher },
    );
    expect(saved.code).toBe(0);
    const [row] = await d
      .select({ duration: courseChapters.durationSeconds })
      .from(courseChapters)
      .where(eq(courseChapters.id, (saved.data as { chapterId: number }).chapterId));
    expect(row.duration).toBe(0);
  });

  it('an office file comes as a download under its original name', async () => {
    const res = await get(ids.docx, tokens.chosen);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(DOCX_MIME);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(res.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%E5%8F%82%E8%80%83%20%E8%B5%84%E6%96%99.docx",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await res.arrayBuffer()).equals(docx)).toBe(true);
  });

  it('is refused with 请选学后播放 to a visitor and to a learner who has not chosen the course; the teacher gets it', async () => {
    for (const token of [null, tokens.other, 'forged-token-forged-token']) {
      for (const id of [ids.pdf, ids.docx]) {
        const res = await get(id, token);
        expect(res.status).toBe(403);
        expect(await res.text()).toBe('请选学后播放');
      }
    }
    const own = await get(ids.pdf, tokens.teacher);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    // The player knows who teaches the course (it offers them the document without 选学).
    expect(
      ((await call('/api/course/progress', { courseId }, { token: tokens.teacher })).data as CourseProgressView).owner,
    ).toBe(true);
    expect(
      ((await call('/api/course/progress', { courseId }, { token: tokens.other })).data as CourseProgressView).owner,
    ).toBe(false);
  });

  it('counts as studied once opened (one heartbeat at 0): the course reaches 100% only with every chapter done', async () => {
    let n = 0;
    const beat = async (chapterId: number, to: number, watched: number) => {
      const res = await call(
        '/api/study/submit',
        { submitId: `doc-test-${++n}-${Date.now()}`, courseId, chapterId, position: to, from: 0, to, watched },
        { token: tokens.chosen },
      );
      expect(res.msg).toBe('success');
      return res.data as HeartbeatAnswer;
    };
    const first = await beat(ids.pdf, 0, 0);
    expect(first).toMatchObject({ accepted: true, credited: 0, finished: false });
    expect(first.progress).toBe(0);
    await beat(ids.docx, 0, 0);
    const progress = (await call('/api/course/progress', { courseId }, { token: tokens.chosen }))
      .data as CourseProgressView;
    expect(
      progress.chapters
        .filter((c) => c.finished)
        .map((c) => c.chapterId)
        .sort(),
    ).toEqual([ids.pdf, ids.docx].sort());
    expect(progress.finished).toBe(false);
    expect(progress.progress).toBeLessThan(100);
    // Without the video, the documents opened are the whole course: 100%, no division by its zero length.
    await (await db()).delete(courseChapters).where(eq(courseChapters.id, ids.video));
    expect(await beat(ids.pdf, 0, 0)).toMatchObject({ progress: 100, finished: true });
  });
});
