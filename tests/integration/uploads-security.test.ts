/**
 * Uploads, stored files and media against the QA pass's attacks, each with the legitimate use beside it:
 * instant completion gives nothing to someone who only knows a file's MD5 and size; an unpublished course's
 * media, subtitles and self tests are for its creator and managers; a multipart body cut off (no closing
 * boundary, a dropped connection) leaves no scratch file and nothing uncaught; subtitles stop at the trial;
 * Range headers the server does not support are ignored; media routes answer other methods with the envelope;
 * a published course's cover is public while private files stay private.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { courseChapters, courseEnrolments, courses, operators } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { sweepAbandonedUploads } from '@/lib/server/services/spaces/uploads';
import { chapterMedia } from '@/lib/server/http/media-route';
import { handleUpload, serveFile, type UploadAction } from '@/lib/server/http/streaming';
import * as chapterRoute from '@/app/media/chapter/[chapterId]/route';
import * as certificateRoute from '@/app/media/certificate/route';
import type { UploadedFile, UploadProgress } from '@/lib/contract/spaces';
import { OWN_FILES_ONLY_MSG } from '@/lib/contract/spaces';
import { CHAPTER_MISSING_MSG } from '@/lib/contract/learning';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'uploads-security-'));
process.env.UPLOAD_DIR = uploadDir;

const CHUNK = 64 * 1024;
const md5 = (b: Buffer | Uint8Array) => createHash('md5').update(b).digest('hex');
const { call } = testClient();
type Envelope = { code: number; msg: string; data: unknown };

function fakeMp4(size: number, seed: number): Buffer {
  const head = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]);
  return Buffer.concat([head, randomBytes(size - head.length)]).fill(seed & 0xff, head.length, head.length + 1);
}
const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(3000)]);

interface Account {
  id: number;
  token: string;
}
async function account(userId: string): Promise<Account> {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return { id: op.id, token: await createSession(op.id) };
}

function multipart(
  action: UploadAction,
  tok: string,
  fields: Record<string, string | number>,
  file: Buffer,
  name: string,
): Promise<Envelope> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  fd.append('file', new Blob([new Uint8Array(file)]), name);
  const req = new Request(`http://localhost/api/resourceFile/${action}`, {
    method: 'POST',
    body: fd,
    headers: { 'x-access-token': tok },
  });
  return handleUpload(req, action).then((r) => r.json() as Promise<Envelope>);
}

function chunk(tok: string, file: Buffer, name: string, index: number): Promise<Envelope> {
  const part = file.subarray(index * CHUNK, Math.min(file.length, (index + 1) * CHUNK));
  return multipart(
    'uploadCourseWareFile',
    tok,
    { fileMd5: md5(file), fileSize: file.length, chunkSize: CHUNK, chunkIndex: index, chunkMd5: md5(part) },
    part,
    name,
  );
}

async function uploadWhole(tok: string, file: Buffer, name: string): Promise<Envelope> {
  let last: Envelope = { code: -1, msg: '', data: null };
  for (let i = 0; i * CHUNK < file.length; i++) last = await chunk(tok, file, name, i);
  return last;
}

const getFile = (url: string, tok: string | null, headers: Record<string, string> = {}) =>
  serveFile(
    new Request(`http://localhost${url}`, { headers: { ...(tok ? { 'x-access-token': tok } : {}), ...headers } }),
    url.split('/').pop()!,
  );
const media = (chapterId: number, tok: string | null, headers: Record<string, string> = {}, query = '') =>
  chapterMedia(
    new Request(`http://localhost/media/chapter/${chapterId}${query}`, {
      headers: { ...(tok ? { cookie: `Continuing-Education-Web-Token=${tok}` } : {}), ...headers },
    }),
    String(chapterId),
  );

const smallScratch = () =>
  existsSync(path.join(uploadDir, 'tmp'))
    ? readdirSync(path.join(uploadDir, 'tmp')).filter((n) => n.startsWith('small-'))
    : [];

let teacher: Account;
let student: Account;
let learner: Account;
let manager: Account;
beforeAll(async () => {
  [teacher, student, learner, manager] = await Promise.all(['teacher', 'student', 'learner', 'manager'].map(account));
}, 120_000);
afterAll(async () => {
  await closeDb();
  rmSync(uploadDir, { recursive: true, force: true });
});

async function newCourse(owner: Account, title: string, cover = ''): Promise<number> {
  const res = await call(
    '/api/resourceFile/updateBasic',
    { title, categoryCode: 302, cover, summary: '课程简介：用于上传与媒体安全的测试课程。', audiences: ['general'] },
    { token: owner.token },
  );
  expect(res).toMatchObject({ code: 0 });
  return (res.data as { courseId: number }).courseId;
}
const publish = async (courseId: number) =>
  (await db()).update(courses).set({ auditStatus: 1052 }).where(eq(courses.id, courseId));

describe('instant completion gives a file only to its uploader', () => {
  const video = fakeMp4(3 * CHUNK - 500, 11);
  const plan = { fileMd5: md5(video), fileSize: video.length, fileName: '私有课程.mp4', chunkSize: CHUNK };
  let file: UploadedFile;

  it('the teacher uploads a private course video; sending it again completes at once', async () => {
    const done = await uploadWhole(teacher.token, video, plan.fileName);
    expect(done).toMatchObject({ code: 0, data: { done: true } });
    file = (done.data as UploadProgress).file!;
    const again = await call('/api/resourceFile/progress', plan, { token: teacher.token });
    expect(again.data).toMatchObject({ done: true, file: { fileId: file.fileId } });
  });

  it('a student who knows MD5 and size gets no file: not from progress, not from a chunk, not to attach, not to fetch', async () => {
    const attack = await call('/api/resourceFile/progress', { ...plan, fileName: 'x.mp4' }, { token: student.token });
    expect(attack).toMatchObject({ code: 0, data: { done: false, file: null, nextChunk: 0, received: 0 } });
    const own = await newCourse(student, '学生自己的课程');
    const attach = await call(
      '/api/resourceFile/saveChapter',
      { courseId: own, title: '第一讲', fileId: file.fileId, durationSeconds: 60 },
      { token: student.token },
    );
    expect(attach.code).not.toBe(0);
    expect(attach.msg).toBe(OWN_FILES_ONLY_MSG);
    const fetched = await getFile(file.url, student.token);
    expect(fetched.status).toBe(403);
    expect((await fetched.json()).msg).toBe('课程视频请在课程学习页面观看');
    // A chunk is received as a chunk of the student's own upload, not answered with the teacher's file.
    const first = await chunk(student.token, video, 'x.mp4', 0);
    expect(first).toMatchObject({ code: 0, data: { done: false, nextChunk: 1, received: 1 } });
  });

  it('once the student uploaded the same bytes (checked), the stored file is shared and theirs to use', async () => {
    const done = await uploadWhole(student.token, video, 'x.mp4');
    expect(done).toMatchObject({ code: 0, data: { done: true, file: { fileId: file.fileId, md5: plan.fileMd5 } } });
    expect((await getFile(file.url, student.token)).status).toBe(200);
    const own = await newCourse(student, '学生的第二门课程');
    expect(
      (
        await call(
          '/api/resourceFile/saveChapter',
          { courseId: own, title: '第一讲', fileId: file.fileId, durationSeconds: 60 },
          { token: student.token },
        )
      ).code,
    ).toBe(0);
    expect(
      (await call('/api/resourceFile/progress', { ...plan, fileName: 'x.mp4' }, { token: student.token })).data,
    ).toMatchObject({ done: true });
  });
});

describe('a course not published: media, subtitles and self test for its creator and managers only', () => {
  let courseId = 0;
  let chapterId = 0;
  beforeAll(async () => {
    courseId = await newCourse(teacher, '未提交审核的课程');
    const [row] = await (
      await db()
    )
      .insert(courseChapters)
      .values({
        courseId,
        sort: 1,
        title: '第一讲 未公开的内容',
        media: 'demo-1',
        subtitle: 'demo-1',
        durationSeconds: 300,
      })
      .returning({ id: courseChapters.id });
    chapterId = row.id;
  });

  it('a visitor and a learner get 404 and the usual not-found message', async () => {
    for (const tok of [null, learner.token]) {
      const video = await media(chapterId, tok, { range: 'bytes=0-' });
      expect(video.status).toBe(404);
      expect(await video.text()).toBe('资源不存在');
      expect((await media(chapterId, tok, {}, '?track=vtt')).status).toBe(404);
    }
    const test = await call('/api/course/selfTest', { chapterId }, { token: learner.token });
    expect(test.code).not.toBe(0);
    expect(test.msg).toBe(CHAPTER_MISSING_MSG);
    expect(JSON.stringify(test)).not.toContain('未提交审核的课程');
    expect(
      (await call('/api/course/selfTestSubmit', { chapterId, answers: { '1': 0 } }, { token: learner.token })).msg,
    ).toBe('章节不存在');
  });

  it('its creator and a manager (who review it) get the media, the track and the self test', async () => {
    for (const who of [teacher, manager]) {
      const video = await media(chapterId, who.token, { range: 'bytes=0-99' });
      expect(video.status).toBe(206);
      expect(video.headers.get('x-media-rendition')).toBe('full');
      expect((await media(chapterId, who.token, {}, '?track=vtt')).status).toBe(200);
      const test = await call('/api/course/selfTest', { chapterId }, { token: who.token });
      expect(test.code).toBe(0);
    }
  });

  it('once published, anyone gets the trial as for any course', async () => {
    await publish(courseId);
    const visitor = await media(chapterId, null, { range: 'bytes=0-' });
    expect(visitor.status).toBe(206);
    expect(visitor.headers.get('x-media-rendition')).toBe('trial');
    expect((await call('/api/course/selfTest', { chapterId }, { token: learner.token })).code).toBe(0);
  });
});

describe('subtitles, ranges and methods of the media routes', () => {
  let chapterId = 0;
  let courseId = 0;
  beforeAll(async () => {
    const [ch] = await (
      await db()
    )
      .select({ id: courseChapters.id, courseId: courseChapters.courseId })
      .from(courseChapters)
      .innerJoin(courses, eq(courses.id, courseChapters.courseId))
      .where(
        and(eq(courseChapters.subtitle, 'demo-1'), eq(courseChapters.media, 'demo-1'), eq(courses.auditStatus, 1052)),
      )
      .limit(1);
    chapterId = ch.id;
    courseId = ch.courseId;
  });
  const cueStarts = (vtt: string) =>
    [...vtt.matchAll(/^(\d{2}):(\d{2}):(\d{2})\.\d{3} -->/gm)].map(
      (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
    );

  it('a visitor’s track stops with the trial (180 s); a learner who chose the course gets all of it', async () => {
    const trial = await media(chapterId, null, {}, '?track=vtt');
    expect(trial.status).toBe(200);
    expect(trial.headers.get('cache-control')).toContain('private');
    const text = await trial.text();
    expect(text).toMatch(/^WEBVTT/);
    const starts = cueStarts(text);
    expect(starts.length).toBeGreaterThan(0);
    expect(Math.max(...starts)).toBeLessThan(180);
    expect(starts).toContain(165);
    await (await db()).insert(courseEnrolments).values({ operatorId: learner.id, courseId }).onConflictDoNothing();
    try {
      const full = cueStarts(await (await media(chapterId, learner.token, {}, '?track=vtt')).text());
      expect(Math.max(...full)).toBeGreaterThanOrEqual(240);
    } finally {
      await (
        await db()
      )
        .delete(courseEnrolments)
        .where(and(eq(courseEnrolments.operatorId, learner.id), eq(courseEnrolments.courseId, courseId)));
    }
  });

  it('several ranges or an unparseable Range are ignored (200, the whole trial); one unsatisfiable range is 416', async () => {
    const whole = await media(chapterId, null);
    const size = Number(whole.headers.get('content-length'));
    for (const range of ['bytes=0-0,5-10', 'bytes=abc', 'bytes=9-3']) {
      const res = await media(chapterId, null, { range });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-media-rendition')).toBe('trial');
      expect(Number(res.headers.get('content-length'))).toBe(size);
    }
    const beyond = await media(chapterId, null, { range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('other methods get the JSON envelope with a Chinese message; the certificate refuses another site’s page', async () => {
    const post = await chapterRoute.POST();
    expect(post.status).toBe(405);
    expect(await post.json()).toMatchObject({ code: 1005, msg: '请求方式错误，请使用GET请求' });
    const get = await certificateRoute.GET();
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ code: 1005, msg: '请求方式错误，请使用POST提交' });
    const certificate = (origin: string) =>
      certificateRoute.POST(
        new Request('http://localhost/media/certificate', {
          method: 'POST',
          body: JSON.stringify({ certificateId: 1 }),
          headers: { host: 'localhost', origin, 'x-access-token': learner.token },
        }),
      );
    const crossSite = await certificate('https://evil.example');
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ code: 1003, msg: '非法的跨站请求' });
    // the portal's own page passes the check (the certificate service answers as before)
    const own = await certificate('http://localhost');
    expect(own.status).toBe(200);
    expect(await own.text()).not.toContain('非法的跨站请求');
  });
});

describe('a multipart body cut off', () => {
  const boundary = 'ZZtestBoundaryZZ';
  const head = (name: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
  const field = (name: string, value: string | number) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const send = (action: UploadAction, body: BodyInit, extra: RequestInit = {}) =>
    handleUpload(
      new Request(`http://localhost/api/resourceFile/${action}`, {
        method: 'POST',
        body,
        headers: { 'x-access-token': teacher.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        duplex: 'half',
        ...extra,
      } as RequestInit),
      action,
    ).then((r) => r.json() as Promise<Envelope>);

  it('without its closing boundary: refused, no scratch file left, the next upload works', async () => {
    const truncated = await send('uploadFile', new Uint8Array(Buffer.concat([head('cover.png'), png()])));
    expect(truncated).toMatchObject({ code: 1001, msg: '上传内容格式不正确' });
    expect(smallScratch()).toEqual([]);
    expect((await multipart('uploadFile', teacher.token, {}, png(), 'cover.png')).code).toBe(0);
  });

  it('a chunk without its closing boundary is not recorded', async () => {
    const video = fakeMp4(2 * CHUNK, 5);
    const part = video.subarray(0, CHUNK);
    const fields = {
      fileMd5: md5(video),
      fileSize: video.length,
      chunkSize: CHUNK,
      chunkIndex: 0,
      chunkMd5: md5(part),
    };
    const body = Buffer.concat([...Object.entries(fields).map(([k, v]) => field(k, v)), head('cut.mp4'), part]);
    expect(await send('uploadCourseWareFile', new Uint8Array(body))).toMatchObject({
      code: 1001,
      msg: '上传内容格式不正确',
    });
    const progress = await call(
      '/api/resourceFile/progress',
      { fileMd5: fields.fileMd5, fileSize: video.length, fileName: 'cut.mp4', chunkSize: CHUNK },
      { token: teacher.token },
    );
    expect(progress.data).toMatchObject({ done: false, received: 0, nextChunk: 0 });
  });

  it('a body stream that fails mid-file (the connection dropped): 上传中断, scratch file removed', async () => {
    const first = Buffer.concat([head('cover.png'), png()]);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(first));
        setTimeout(() => controller.error(new Error('aborted')), 20);
      },
    });
    expect(await send('uploadFile', body)).toMatchObject({ code: 1001, msg: '上传中断，请重试' });
    expect(smallScratch()).toEqual([]);
  });

  it('a real socket destroyed mid-body: the handler settles and leaves nothing behind', async () => {
    const handled: Promise<Envelope>[] = [];
    const server = http.createServer((req, res) => {
      // As Next.js does: the request's signal aborts when the response's connection closes.
      const ac = new AbortController();
      res.on('close', () => ac.abort());
      const headers = Object.entries(req.headers).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, String(v)] as [string, string]],
      );
      const request = new Request(`http://localhost${req.url}`, {
        method: 'POST',
        headers,
        body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
        duplex: 'half',
        signal: ac.signal,
      } as RequestInit);
      const p = handleUpload(request, 'uploadFile').then((r) => r.json() as Promise<Envelope>);
      handled.push(p);
      p.then(
        (env) => res.end(JSON.stringify(env)),
        () => res.destroy(),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as net.AddressInfo;
      const part = Buffer.concat([head('cover.png'), png()]);
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((r) => socket.once('connect', () => r()));
      socket.write(
        `POST /api/resourceFile/uploadFile HTTP/1.1\r\nHost: localhost\r\nx-access-token: ${teacher.token}\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${part.length + 200_000}\r\n\r\n`,
      );
      socket.write(part);
      await new Promise((r) => setTimeout(r, 100));
      socket.destroy();
      await new Promise((r) => setTimeout(r, 50));
      expect(handled).toHaveLength(1);
      let timer: NodeJS.Timeout | undefined;
      const env = await Promise.race([
        handled[0],
        new Promise<never>((_, no) => (timer = setTimeout(() => no(new Error('the handler never settled')), 5000))),
      ]).finally(() => clearTimeout(timer));
      expect(env).toMatchObject({ code: 1001, msg: '上传中断，请重试' });
      expect(smallScratch()).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('the periodic sweep removes stale small-* scratch files too', async () => {
    const tmp = path.join(uploadDir, 'tmp');
    mkdirSync(tmp, { recursive: true });
    const stale = path.join(tmp, 'small-0123456789abcdef');
    const fresh = path.join(tmp, 'small-fedcba9876543210');
    writeFileSync(stale, 'left by a request that died');
    writeFileSync(fresh, 'an upload in progress');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, old, old);
    expect(await sweepAbandonedUploads(24 * 60 * 60 * 1000)).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    rmSync(fresh);
  });
});

describe('who may fetch an uploaded file: by what it is used for', () => {
  it('a cover is the uploader’s until its course is published, then anyone’s, with the safe headers', async () => {
    const up = await multipart('uploadFile', teacher.token, {}, png(), '封面.png');
    const cover = up.data as UploadedFile;
    const courseId = await newCourse(teacher, '封面公开的课程', cover.url);
    const before = await getFile(cover.url, null);
    expect(before.status).toBe(404);
    expect((await getFile(cover.url, learner.token)).status).toBe(404);
    expect((await getFile(cover.url, teacher.token)).status).toBe(200);
    await publish(courseId);
    for (const tok of [null, learner.token]) {
      const res = await getFile(cover.url, tok);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(res.headers.get('cache-control')).toContain('public');
      expect(md5(Buffer.from(await res.arrayBuffer()))).toBe(cover.md5);
    }
    // Ignored Range (several ranges): the whole image.
    expect((await getFile(cover.url, null, { range: 'bytes=0-0,5-10' })).status).toBe(200);
  });

  it('documents and images used for nothing public stay with their uploader', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)]);
    const doc = (await multipart('uploadResFile', teacher.token, {}, pdf, '讲义.pdf')).data as UploadedFile;
    const img = (await multipart('uploadResFile', teacher.token, {}, png(), '资料.png')).data as UploadedFile;
    for (const f of [doc, img]) {
      expect((await getFile(f.url, null)).status).toBe(404);
      expect((await getFile(f.url, learner.token)).status).toBe(404);
      expect((await getFile(f.url, teacher.token)).status).toBe(200);
    }
  });

  it('another user cannot make someone else’s image public by naming it as their cover', async () => {
    const img = (await multipart('uploadResFile', teacher.token, {}, png(), '私人图片.png')).data as UploadedFile;
    const res = await call(
      '/api/resourceFile/updateBasic',
      {
        title: '借用封面',
        categoryCode: 302,
        cover: img.url,
        summary: '课程简介：借用他人图片作为封面。',
        audiences: ['general'],
      },
      { token: student.token },
    );
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe(OWN_FILES_ONLY_MSG);
    expect((await getFile(img.url, null)).status).toBe(404);
  });
});
