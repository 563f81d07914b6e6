/**
 * The media route with hostile input: the trial rendition for visitors and unchosen courses whatever the range,
 * the full one after 选学, ranges parsed strictly, unknown chapters 404. Also the archive and the bench hook.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { JOBS } from '@/lib/server/jobs';
import { drainJobs } from '@/lib/server/job-workers';
import { courseChapters, courseEnrolments, courses, operators, uploadFiles } from '@/lib/server/db/schema';
import type { CourseView } from '@/lib/contract/learning';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { parseRange } from '@/lib/server/http/media/chapter';
import { chapterMedia } from '@/lib/server/http/media-route';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';

const { call, callRaw } = testClient();
const get = (chapterId: string, headers: Record<string, string> = {}, query = '') =>
  chapterMedia(new Request(`http://localhost/media/chapter/${chapterId}${query}`, { headers }), chapterId);

afterAll(() => closeDb());

describe('parseRange', () => {
  it('accepts the three forms of one range, ignores what it cannot parse (RFC 9110), refuses an unsatisfiable one', () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=0-1000', 100)).toEqual({ start: 0, end: 99 });
    // ignored: the whole content is served (200)
    for (const ignored of [
      'bytes=5-1',
      'bytes=-',
      'bytes=0-1,5-6',
      'bytes=0-0,5-10',
      'items=0-1',
      'bytes=abc',
      'bytes=',
    ])
      expect(parseRange(ignored, 100)).toBeNull();
    // one valid range that cannot be satisfied: 416
    for (const bad of ['bytes=100-', 'bytes=100-200', 'bytes=-0', `bytes=${'9'.repeat(30)}-`])
      expect(parseRange(bad, 100)).toBe('bad');
  });
});

describe('/media/chapter/:id', () => {
  it('serves visitors the trial rendition only; learners who chose the course the full one', async () => {
    const d = await db();
    const [op] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'teacher'));
    const [ch] = await d
      .select({ id: courseChapters.id, courseId: courseChapters.courseId })
      .from(courseChapters)
      .where(eq(courseChapters.media, 'demo-1'))
      .limit(1);
    const visitor = await get(String(ch.id), { range: 'bytes=0-' });
    expect(visitor.status).toBe(206);
    expect(visitor.headers.get('x-media-rendition')).toBe('trial');
    expect(visitor.headers.get('cache-control')).toContain('private');
    const trialSize = Number(visitor.headers.get('content-range')!.split('/')[1]);
    // Past the trial's last byte: 416, never the full file.
    const beyond = await get(String(ch.id), { range: `bytes=${trialSize}-` });
    expect(beyond.status).toBe(416);
    const token = await createSession(op.id);
    const before = await get(String(ch.id), { cookie: `Continuing-Education-Web-Token=${token}` });
    expect(before.headers.get('x-media-rendition')).toBe('trial');
    await d.insert(courseEnrolments).values({ operatorId: op.id, courseId: ch.courseId }).onConflictDoNothing();
    const full = await get(String(ch.id), { cookie: `Continuing-Education-Web-Token=${token}`, range: 'bytes=0-99' });
    expect(full.status).toBe(206);
    expect(full.headers.get('x-media-rendition')).toBe('full');
    expect(Number(full.headers.get('content-range')!.split('/')[1])).toBeGreaterThan(trialSize);
    expect((await full.arrayBuffer()).byteLength).toBe(100);
    const bogus = await get(String(ch.id), { cookie: 'Continuing-Education-Web-Token=forged-token-forged-token' });
    expect(bogus.headers.get('x-media-rendition')).toBe('trial');
    await d
      .delete(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, op.id), eq(courseEnrolments.courseId, ch.courseId)));
  });

  it('subtitles as WebVTT; unknown or malformed chapters 404', async () => {
    const d = await db();
    const [ch] = await d
      .select({ id: courseChapters.id })
      .from(courseChapters)
      .where(eq(courseChapters.subtitle, 'demo-1'))
      .limit(1);
    const vtt = await get(String(ch.id), {}, '?track=vtt');
    expect(vtt.headers.get('content-type')).toMatch(/text\/vtt/);
    expect(await vtt.text()).toMatch(/^WEBVTT/);
    for (const id of ['99999999', '../../etc/passwd', '-1', '1e3', '']) expect((await get(id)).status).toBe(404);
  });
});

describe('a course video uploaded in the creation centre', () => {
  // The upload itself is tested in spaces-uploads; here a stored file (a copy of a demo clip) on a chapter.
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'learning-uploaded-'));
  const source = path.join(process.cwd(), 'assets/media/demo-1.webm');
  const bytes = readFileSync(source);
  const md5 = createHash('md5').update(bytes).digest('hex');
  const savedDir = process.env.UPLOAD_DIR;
  const savedFfmpeg = process.env.FFMPEG_PATH;
  let chapterId = 0;
  let courseId = 0;
  beforeAll(async () => {
    process.env.UPLOAD_DIR = uploadDir;
    const d = await db();
    const [owner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'teacher'));
    const key = `files/${md5.slice(0, 2)}/${md5}-${bytes.length}.webm`;
    mkdirSync(path.join(uploadDir, path.dirname(key)), { recursive: true });
    copyFileSync(source, path.join(uploadDir, key));
    await d
      .insert(uploadFiles)
      .values({
        md5,
        size: bytes.length,
        kind: 'video',
        mime: 'video/webm',
        ext: 'webm',
        storageKey: key,
        ownerId: owner.id,
        originalName: '上传的课程.webm',
      })
      .onConflictDoNothing();
    const [course] = await d.select({ id: courses.id }).from(courses).where(eq(courses.auditStatus, 1052)).limit(1);
    courseId = course.id;
    const [row] = await d
      .insert(courseChapters)
      .values({
        courseId,
        sort: 99,
        title: '上传的视频',
        media: `/api/resourceFile/file/${md5}-${bytes.length}.webm`,
        durationSeconds: 300,
      })
      .returning({ id: courseChapters.id });
    chapterId = row.id;
    // Trial cuts other files queued and left (the PostgreSQL run shares one database): not this test's to count.
    await drainJobs({ names: [JOBS.trialCut] });
  });
  afterAll(async () => {
    await (await db()).delete(courseChapters).where(eq(courseChapters.id, chapterId));
    process.env.UPLOAD_DIR = savedDir;
    process.env.FFMPEG_PATH = savedFfmpeg;
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('plays in the player: a cut at the trial limit before 选学 (made by a job, not by the request), the uploaded file after', async () => {
    const view = (await call('/api/course/view', { courseId })).data as CourseView;
    expect(view.chapters.find((c) => c.id === chapterId)).toMatchObject({
      playable: true,
      trialSeconds: 180,
      duration: 300,
      mediaType: 'video/webm',
    });
    // The chapter was stored without the creation centre: the first play falls back (nothing before 选学) at once
    // and queues the cut; a worker makes it.
    const early = await get(String(chapterId), { range: 'bytes=0-' });
    expect(early.status).toBe(403);
    expect(await early.text()).toBe('请选学后播放');
    expect(await drainJobs({ names: [JOBS.trialCut] })).toBe(1);
    const trial = await get(String(chapterId), { range: 'bytes=0-' });
    expect(trial.status).toBe(206);
    expect(trial.headers.get('x-media-rendition')).toBe('trial');
    expect(trial.headers.get('content-type')).toBe('video/webm');
    const trialSize = Number(trial.headers.get('content-range')!.split('/')[1]);
    expect(trialSize).toBeGreaterThan(0);
    expect(trialSize).toBeLessThan(bytes.length * 0.75);
    expect((await get(String(chapterId), { range: `bytes=${trialSize}-` })).status).toBe(416);
    const d = await db();
    const [learner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'student'));
    const token = await createSession(learner.id);
    await d.insert(courseEnrolments).values({ operatorId: learner.id, courseId }).onConflictDoNothing();
    const full = await get(String(chapterId), { cookie: `Continuing-Education-Web-Token=${token}` });
    expect(full.headers.get('x-media-rendition')).toBe('full');
    expect(Number(full.headers.get('content-length'))).toBe(bytes.length);
    await d
      .delete(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, learner.id), eq(courseEnrolments.courseId, courseId)));
  });

  it('AI subtitles: off without a service, only after 选学, made once by the speech-to-text service and served as the track', async () => {
    const d = await db();
    const [learner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'party'));
    const token = await createSession(learner.id);
    const ask = (poll?: boolean) =>
      call('/api/course/aiSubtitles', poll ? { chapterId, poll } : { chapterId }, { token });
    // The seed may have enrolled this learner in the course (the courses behind their hours): start unchosen.
    await d
      .delete(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, learner.id), eq(courseEnrolments.courseId, courseId)));
    expect((await ask()).msg).toBe('请选学后播放');
    await d.insert(courseEnrolments).values({ operatorId: learner.id, courseId }).onConflictDoNothing();
    const savedBase = process.env.LLM_BASE_URL;
    delete process.env.LLM_BASE_URL;
    expect((await ask()).msg).toBe('AI字幕未开放');
    // A stand-in of the OpenAI-compatible /audio/transcriptions on loopback.
    const seen: { model: string; language: string; format: string; head: string }[] = [];
    let answer = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n欢迎学习本课程\n';
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = await new Response(Buffer.concat(chunks), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const file = form.get('file') as Blob;
      const head = Buffer.from(await file.arrayBuffer()).subarray(0, 3);
      seen.push({
        model: String(form.get('model')),
        language: String(form.get('language')),
        format: String(form.get('response_format')),
        head: head.toString('latin1'),
      });
      res.writeHead(req.url === '/v1/audio/transcriptions' ? 200 : 404, { 'content-type': 'text/vtt' });
      res.end(answer);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    process.env.LLM_BASE_URL = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
    const drain = (at?: Date) => drainJobs({ names: [JOBS.aiSubtitles], at });
    const later = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);
    try {
      // Asked, the request answers at once (处理中) and a job does the work; the track is then polled for.
      answer = '<html>not a track</html>';
      const processing = { chapterId, state: 'processing', hasSubtitle: false, source: null };
      expect((await ask()).data).toEqual(processing);
      expect(seen).toHaveLength(0);
      expect((await ask()).data).toEqual(processing); // asked twice: still one job
      expect(await drain()).toBe(1);
      // The upstream's answer was no track: retried with back-off, 处理中 meanwhile, failed after the last try.
      expect((await ask(true)).data).toEqual(processing);
      expect(await drain()).toBe(0);
      expect(await drain(later(1))).toBe(1);
      expect(await drain(later(2))).toBe(1);
      expect(seen).toHaveLength(3);
      expect((await ask(true)).msg).toBe('AI字幕生成失败，请稍后再试');
      answer = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n欢迎学习本课程\n';
      expect((await ask()).data).toEqual(processing); // asked again after a failure: a new job
      expect(await drain()).toBe(1);
      const made = await ask(true);
      expect(made.code).toBe(0);
      expect(made.data).toMatchObject({ chapterId, state: 'ready', hasSubtitle: true, source: 'ai' });
      expect(seen).toHaveLength(4);
      expect(seen[3]).toMatchObject({ model: 'whisper-1', language: 'zh', format: 'vtt' });
      // the sound went up as MP3 (an ID3 tag or an MPEG frame sync)
      expect(seen[3].head === 'ID3' || seen[3].head.charCodeAt(0) === 0xff).toBe(true);
      const view = (await call('/api/course/view', { courseId })).data as CourseView;
      expect(view.aiSubtitles).toBe(true);
      expect(view.chapters.find((c) => c.id === chapterId)?.hasSubtitle).toBe(true);
      expect(view.chapters.find((c) => c.id === chapterId)?.subtitleByAi).toBe(true);
      const track = await get(String(chapterId), {}, '?track=vtt');
      expect(track.headers.get('content-type')).toMatch(/text\/vtt/);
      // The recognised cues, after a first cue that labels the track as AI-generated (shown over the video).
      const vtt = await track.text();
      expect(vtt).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:05\.000\n【内容由AI生成】\n/);
      expect(vtt).toContain('00:00:00.000 --> 00:00:02.000\n欢迎学习本课程');
      // made once: asking again answers from the stored track
      expect((await ask()).data).toMatchObject({ state: 'ready', source: 'ai' });
      expect(await drain()).toBe(0);
      expect(seen).toHaveLength(4);
    } finally {
      server.close();
      process.env.LLM_BASE_URL = savedBase;
      if (savedBase === undefined) delete process.env.LLM_BASE_URL;
      await d
        .delete(courseEnrolments)
        .where(and(eq(courseEnrolments.operatorId, learner.id), eq(courseEnrolments.courseId, courseId)));
      await d.update(courseChapters).set({ subtitle: '' }).where(eq(courseChapters.id, chapterId));
    }
  });

  it('without ffmpeg no trial rendition exists, and nothing is served before 选学', async () => {
    rmSync(path.join(uploadDir, 'trials'), { recursive: true, force: true });
    process.env.FFMPEG_PATH = path.join(uploadDir, 'no-ffmpeg-here');
    const res = await get(String(chapterId));
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('请选学后播放');
    process.env.FFMPEG_PATH = savedFfmpeg;
  });
});

describe('/api/personal/archive and the bench hook', () => {
  it('archive: login required, year checked, requirement by position level', async () => {
    expect((await call('/api/personal/archive', {})).code).toBe(CODE_SESSION_NONE);
    const d = await db();
    const [manager] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'manager'));
    const token = await createSession(manager.id);
    expect((await call('/api/personal/archive', { year: 1999 }, { token })).code).not.toBe(0);
    const res = await call('/api/personal/archive', {}, { token });
    expect(res.code).toBe(0);
    // The manager is a deputy bureau-level leader (position level 3): 110 offline hours.
    expect(res.data).toMatchObject({ positionLevel: 3, required: { online: 50, offline: 110 } });
    expect((res.data as { months: unknown[] }).months).toHaveLength(12);
  });

  it('archive section: only the asked tab is read, the same as in the whole archive; unknown sections refused', async () => {
    const d = await db();
    const [learner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
    const token = await createSession(learner.id);
    const all = (await call('/api/personal/archive', {}, { token })).data as {
      courses: unknown[];
      exams: unknown[];
      onLineAllTimeEffective: number;
    };
    const courses = (await call('/api/personal/archive', { section: 'courses' }, { token })).data as {
      courses: unknown[];
      exams: unknown[];
      onLineAllTimeEffective: number;
    };
    expect(courses.courses).toEqual(all.courses);
    expect(courses.exams).toEqual([]);
    const arch = (await call('/api/personal/archive', { section: 'archive' }, { token })).data as {
      courses: unknown[];
      onLineAllTimeEffective: number;
    };
    expect(arch.onLineAllTimeEffective).toBe(all.onLineAllTimeEffective);
    expect(arch.courses).toEqual([]);
    const bad = await callRaw('/api/personal/archive', { section: 'x; drop table' }, { token });
    expect(bad.code).not.toBe(0);
  });

  it('the bench hook answers only with PORTAL_TEST_HOOKS=1', async () => {
    const saved = process.env.PORTAL_TEST_HOOKS;
    delete process.env.PORTAL_TEST_HOOKS;
    const off = await call('/api/study/benchHook', { action: 'setup', count: 1 });
    expect(off.code).not.toBe(0);
    expect(off.msg).toBe('接口不存在');
    process.env.PORTAL_TEST_HOOKS = saved;
  });
});
