/**
 * Adaptive HLS of course videos (issue 24): a generated 720p clip is transcoded by the job (360p + 720p, no 1080p,
 * even segments, a poster, the duration); an unreadable file ends as 转码失败 and blocks submission; play tickets
 * (none, forged, expired, another user's, another chapter's: 403); a visitor's playlists end at 3 minutes and a
 * segment past them is refused (on a synthetic rendition set, so no long clip is transcoded).
 */
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { JOBS } from '@/lib/server/jobs';
import { drainJobs } from '@/lib/server/job-workers';
import { courseChapters, courseEnrolments, mediaPackages, operators, uploadFiles } from '@/lib/server/db/schema';
import type { PlayTicket } from '@/lib/contract/learning';
import type { CreationCourse } from '@/lib/contract/spaces';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { storage } from '@/lib/server/storage';
import { packageOf } from '@/lib/server/services/media/hls/packages';
import { chapterHls, hlsSegment } from '@/lib/server/http/media-route';
import { playlistSeconds, rewriteMedia } from '@/lib/server/services/media/hls/playlists';
import { planRenditions } from '@/lib/server/services/media/hls/ladder';
import { signTicket, signedSegmentUrl, subjectOf } from '@/lib/server/services/media/hls/tickets';

const SESSION_COOKIE = 'Continuing-Education-Web-Token';
const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'media-hls-'));
const savedDir = process.env.UPLOAD_DIR;
process.env.UPLOAD_DIR = uploadDir;

const { call } = testClient();

async function account(userId: string) {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return { id: op.id, token: await createSession(op.id) };
}

/** A file in the store and its row, as an upload leaves it; its chapter media URL. */
async function storedUpload(bytes: Buffer, ext: string, ownerId: number) {
  const md5 = createHash('md5').update(bytes).digest('hex');
  const key = `files/${md5.slice(0, 2)}/${md5}-${bytes.length}.${ext}`;
  mkdirSync(path.join(uploadDir, path.dirname(key)), { recursive: true });
  writeFileSync(path.join(uploadDir, key), bytes);
  const [row] = await (
    await db()
  )
    .insert(uploadFiles)
    .values({ md5, size: bytes.length, kind: 'video', mime: 'video/mp4', ext, storageKey: key, ownerId })
    .returning({ id: uploadFiles.id });
  return {
    fileId: row.id,
    media: `/api/resourceFile/file/${md5}-${bytes.length}.${ext}`,
    key: `${md5}-${bytes.length}`,
  };
}

const drain = () => drainJobs({ names: [JOBS.hlsTranscode] });

let teacher: Awaited<ReturnType<typeof account>>;
let learner: Awaited<ReturnType<typeof account>>;
let courseId = 0;
let clip: Awaited<ReturnType<typeof storedUpload>>;

beforeAll(async () => {
  teacher = await account('teacher');
  learner = await account('learner');
  // 12 s of 1280x720 with sound, fast: three segments (5, 5, 2).
  const file = path.join(uploadDir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '12'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  clip = await storedUpload(readFileSync(file), 'mp4', teacher.id);
  const basic = await call(
    '/api/resourceFile/updateBasic',
    { title: 'HLS 转码测试课程', categoryCode: 302, summary: '转码与播放凭证的集成测试课程。', audiences: ['general'] },
    { token: teacher.token },
  );
  courseId = (basic.data as { courseId: number }).courseId;
}, 120_000);

/** Chapters the tests add to demo courses; removed at the end (the PostgreSQL run shares one database between files). */
const addedChapters: number[] = [];
const removedEnrolments: (typeof courseEnrolments.$inferSelect)[] = [];

afterAll(async () => {
  if (addedChapters.length) await (await db()).delete(courseChapters).where(inArray(courseChapters.id, addedChapters));
  if (removedEnrolments.length)
    await (await db()).insert(courseEnrolments).values(removedEnrolments).onConflictDoNothing();
  await closeDb();
  process.env.UPLOAD_DIR = savedDir;
  rmSync(uploadDir, { recursive: true, force: true });
});

describe('the rendition ladder', () => {
  it('360p and 720p for 720p, 1080p only from 1080p, never upscaled, a small source at its own size', () => {
    expect(planRenditions(1280, 720).map((r) => r.name)).toEqual(['360p', '720p']);
    expect(planRenditions(1920, 1080).map((r) => r.name)).toEqual(['360p', '720p', '1080p']);
    expect(planRenditions(854, 480).map((r) => r.name)).toEqual(['360p']);
    expect(planRenditions(320, 180)).toMatchObject([{ name: '180p', width: 320, height: 180 }]);
    expect(planRenditions(1280, 720)[0]).toMatchObject({ width: 640, height: 360 });
  });
});

describe('the transcoding job', () => {
  it('is queued when the chapter is saved: 转码中 in the creation centre, and no submission until it is done', async () => {
    const saved = await call(
      '/api/resourceFile/saveChapter',
      { courseId, title: '第一讲', fileId: clip.fileId, durationSeconds: 12 },
      { token: teacher.token },
    );
    expect(saved.code).toBe(0);
    const basic = (await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token }))
      .data as CreationCourse;
    expect(basic.chapters[0].transcode).toEqual({ state: 'queued', percent: 0 });
    const early = await call('/api/resourceFile/submit', { courseId }, { token: teacher.token });
    expect(early.msg).toBe('视频转码中，请等待所有章节视频转码完成后再提交审核');
  });

  it('packages 360p and 720p (no 1080p) with 4-6 s segments, a master playlist, a poster and the duration', async () => {
    expect(await drain()).toBeGreaterThanOrEqual(1);
    const pkg = (await packageOf(clip.key))!;
    expect(pkg).toMatchObject({ state: 'ready', percent: 100 });
    expect(pkg.duration).toBeGreaterThan(11.8);
    expect(pkg.duration).toBeLessThan(12.3);
    expect(pkg.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 640, 360],
      ['720p', 1280, 720],
    ]);
    const store = storage();
    const master = (await store.read(`hls/${clip.key}/master.m3u8`))!.toString();
    expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master).not.toContain('1920x1080');
    for (const r of ['360p', '720p']) {
      const list = (await store.read(`hls/${clip.key}/${r}/index.m3u8`))!.toString();
      const lengths = [...list.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
      expect(lengths.length).toBe(3);
      for (const s of lengths.slice(0, -1)) {
        expect(s).toBeGreaterThanOrEqual(4);
        expect(s).toBeLessThanOrEqual(6);
      }
      expect(lengths.at(-1)!).toBeLessThanOrEqual(6);
      expect(list).toContain('#EXT-X-ENDLIST');
      const seg = await store.read(`hls/${clip.key}/${r}/seg00000.m2ts`);
      expect(seg![0]).toBe(0x47); // an MPEG-TS sync byte
    }
    const poster = (await store.read(`hls/${clip.key}/poster.jpg`))!;
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const basic = (await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token }))
      .data as CreationCourse;
    expect(basic.chapters[0].transcode).toEqual({ state: 'ready', percent: 100 });
  }, 120_000);

  it('a file ffmpeg cannot read: 转码失败 in the creation centre, and the course is not submitted', async () => {
    const junk = Buffer.concat([Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]), randomBytes(40_000)]);
    const bad = await storedUpload(junk, 'mp4', teacher.id);
    await call(
      '/api/resourceFile/saveChapter',
      { courseId, title: '第二讲 坏文件', fileId: bad.fileId, durationSeconds: 60 },
      { token: teacher.token },
    );
    await drain();
    expect((await packageOf(bad.key))?.state).toBe('failed');
    const basic = (await call('/api/resourceFile/getBasic', { courseId }, { token: teacher.token }))
      .data as CreationCourse;
    expect(basic.chapters.find((c) => c.title === '第二讲 坏文件')?.transcode).toEqual({ state: 'failed', percent: 0 });
    const res = await call('/api/resourceFile/submit', { courseId }, { token: teacher.token });
    expect(res.msg).toBe('章节“第二讲 坏文件”的视频转码失败：文件无法识别，请重新上传');
  }, 60_000);
});

describe('play tickets and the trial', () => {
  // A synthetic package: 10 minutes in 5 s segments, at 360p, with tiny stand-in segment files.
  const key = `${'ab'.repeat(16)}-999`;
  let chapterId = 0;
  let otherChapterId = 0;
  beforeAll(async () => {
    const d = await db();
    await d
      .insert(uploadFiles)
      .values({
        md5: 'ab'.repeat(16),
        size: 999,
        kind: 'video',
        mime: 'video/mp4',
        ext: 'mp4',
        storageKey: 'files/ab/unused.mp4',
        ownerId: teacher.id,
      })
      .onConflictDoNothing();
    await d
      .insert(mediaPackages)
      .values({
        key,
        state: 'ready',
        percent: 100,
        duration: 600,
        renditions: [{ name: '360p', width: 640, height: 360, bandwidth: 990_000 }],
      })
      .onConflictDoNothing();
    const store = storage();
    await store.put(
      `hls/${key}/master.m3u8`,
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=990000,RESOLUTION=640x360\n360p/index.m3u8\n',
    );
    const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:5', '#EXT-X-PLAYLIST-TYPE:VOD'];
    for (let i = 0; i < 120; i++) lines.push('#EXTINF:5.000000,', `seg${String(i).padStart(5, '0')}.m2ts`);
    lines.push('#EXT-X-ENDLIST');
    await store.put(`hls/${key}/360p/index.m3u8`, lines.join('\n'));
    for (const i of [0, 35, 36, 100])
      await store.put(`hls/${key}/360p/seg${String(i).padStart(5, '0')}.m2ts`, Buffer.alloc(188, 0x47));
    // A published course of the demo data, with two chapters of this package.
    const [anyChapter] = await d
      .select({ courseId: courseChapters.courseId })
      .from(courseChapters)
      .where(eq(courseChapters.media, 'demo-1'))
      .limit(1);
    const media = `/api/resourceFile/file/${'ab'.repeat(16)}-999.mp4`;
    const rows = await d
      .insert(courseChapters)
      .values([
        { courseId: anyChapter.courseId, sort: 98, title: '合成的长视频', media, durationSeconds: 600 },
        { courseId: anyChapter.courseId, sort: 99, title: '另一章', media, durationSeconds: 600 },
      ])
      .returning({ id: courseChapters.id, courseId: courseChapters.courseId });
    chapterId = rows[0].id;
    otherChapterId = rows[1].id;
    addedChapters.push(chapterId, otherChapterId);
    // The learner has not chosen this course for these tests; what the seed gave them is put back at the end.
    const mine = and(eq(courseEnrolments.operatorId, learner.id), eq(courseEnrolments.courseId, anyChapter.courseId));
    removedEnrolments.push(...(await d.select().from(courseEnrolments).where(mine)));
    await d.delete(courseEnrolments).where(mine);
  });

  const ticketOf = async (id: number, token: string | null, play?: string) => {
    const res = await call(
      '/api/course/playTicket',
      { chapterId: id },
      { token, cookies: play ? { ce_play: play } : {} },
    );
    expect(res.code).toBe(0);
    const cookie = res.cookies?.find((c) => c.name === 'ce_play')?.value ?? play!;
    return { ticket: res.data as PlayTicket, play: cookie };
  };
  const fetchHls = (url: string, play: string | null, token: string | null = null) => {
    const cookies = [play && `ce_play=${play}`, token && `${SESSION_COOKIE}=${token}`].filter(Boolean).join('; ');
    const u = new URL(url, 'http://localhost');
    const parts = u.pathname.split('/').slice(3);
    const req = new Request(u, { headers: cookies ? { cookie: cookies } : {} });
    return u.pathname.startsWith('/media/seg/') ? hlsSegment(req, parts) : chapterHls(req, parts);
  };

  it("a visitor's ticket: playlists that end at 3 minutes, the segment after them refused", async () => {
    const { ticket, play } = await ticketOf(chapterId, null);
    expect(ticket).toMatchObject({ scope: 'trial', trialSeconds: 180, renditions: [{ name: '360p', label: '流畅' }] });
    const master = await fetchHls(ticket.master!, play);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const masterText = await master.text();
    const variant = /^(360p\.m3u8\?t=\S+)$/m.exec(masterText)![1];
    const media = await fetchHls(`/media/hls/${chapterId}/${variant}`, play);
    const list = await media.text();
    expect(playlistSeconds(list)).toBe(180);
    expect(list.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    const segs = list.split('\n').filter((l) => l.startsWith('/media/seg/'));
    expect(segs).toHaveLength(36);
    const first = await fetchHls(segs[0], play);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await first.arrayBuffer())).toHaveLength(188);
    expect((await fetchHls(segs[35], play)).status).toBe(200);
    // Segment 36 starts at 180 s: never signed for this ticket, and its URL made from another's signature is refused.
    const past = segs[35].replace('seg00035.m2ts', 'seg00036.m2ts');
    expect((await fetchHls(past, play)).status).toBe(403);
    expect((await fetchHls(`/media/seg/${key}/360p/seg00036.m2ts`, play)).status).toBe(403);
    // Another browser (play cookie) cannot use these segment URLs.
    expect((await fetchHls(segs[0], 'x'.repeat(22))).status).toBe(403);
  });

  it('a learner who chose the course gets the whole video', async () => {
    const d = await db();
    const [ch] = await d
      .select({ courseId: courseChapters.courseId })
      .from(courseChapters)
      .where(eq(courseChapters.id, chapterId));
    await d.insert(courseEnrolments).values({ operatorId: learner.id, courseId: ch.courseId }).onConflictDoNothing();
    const { ticket, play } = await ticketOf(chapterId, learner.token);
    expect(ticket.scope).toBe('full');
    const list = await (
      await fetchHls(`/media/hls/${chapterId}/360p.m3u8?t=${ticket.master!.split('?t=')[1]}`, play, learner.token)
    ).text();
    expect(playlistSeconds(list)).toBe(600);
    const seg100 = list.split('\n').find((l) => l.includes('seg00100.m2ts'))!;
    expect((await fetchHls(seg100, play, learner.token)).status).toBe(200);
    await d
      .delete(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, learner.id), eq(courseEnrolments.courseId, ch.courseId)));
  });

  it("playlists without a valid ticket answer 403: none, forged, expired, another user's, another chapter's", async () => {
    const { ticket, play } = await ticketOf(chapterId, learner.token);
    const t = ticket.master!.split('?t=')[1];
    const ok = await fetchHls(`/media/hls/${chapterId}/master.m3u8?t=${t}`, play, learner.token);
    expect(ok.status).toBe(200);
    // none
    expect((await fetchHls(`/media/hls/${chapterId}/master.m3u8`, play, learner.token)).status).toBe(403);
    // forged: one character of the signature changed
    const forged = t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A');
    expect((await fetchHls(`/media/hls/${chapterId}/master.m3u8?t=${forged}`, play, learner.token)).status).toBe(403);
    // expired
    const expired = signTicket({
      expires: Math.floor(Date.now() / 1000) - 1,
      chapterId,
      subject: subjectOf(learner.id),
      play,
      media: key,
      scope: 'full',
    });
    expect(
      (await fetchHls(`/media/hls/${chapterId}/master.m3u8?t=${encodeURIComponent(expired)}`, play, learner.token))
        .status,
    ).toBe(403);
    // another user's: the learner's ticket with the teacher's session (and the same browser), or without a session
    expect((await fetchHls(`/media/hls/${chapterId}/master.m3u8?t=${t}`, play, teacher.token)).status).toBe(403);
    expect((await fetchHls(`/media/hls/${chapterId}/master.m3u8?t=${t}`, play, null)).status).toBe(403);
    // another browser
    expect((await fetchHls(`/media/hls/${chapterId}/master.m3u8?t=${t}`, 'y'.repeat(22), learner.token)).status).toBe(
      403,
    );
    // another chapter's
    expect((await fetchHls(`/media/hls/${otherChapterId}/master.m3u8?t=${t}`, play, learner.token)).status).toBe(403);
  });

  it('the demo clips ship packaged: copied into the store on first play, one 180p rendition, the trial at 180 s', async () => {
    const d = await db();
    const [demo] = await d
      .select({ id: courseChapters.id })
      .from(courseChapters)
      .where(eq(courseChapters.media, 'demo-1'))
      .limit(1);
    const { ticket, play } = await ticketOf(demo.id, null);
    expect(ticket).toMatchObject({ scope: 'trial', renditions: [{ name: '180p', height: 180, label: '流畅' }] });
    const master = await (await fetchHls(ticket.master!, play)).text();
    const variant = /^(180p\.m3u8\?t=\S+)$/m.exec(master)![1];
    const list = await (await fetchHls(`/media/hls/${demo.id}/${variant}`, play)).text();
    expect(playlistSeconds(list)).toBeCloseTo(180, 0);
    const first = list.split('\n').find((l) => l.startsWith('/media/seg/'))!;
    const seg = await fetchHls(first, play);
    expect(seg.status).toBe(200);
    expect(Buffer.from(await seg.arrayBuffer())[0]).toBe(0x47);
    expect((await fetchHls(ticket.poster!, play)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('rewrites a playlist for the trial on its segment boundaries, and signs each URL', () => {
    const stored = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:6',
      '#EXTINF:6.0,',
      'seg00000.m2ts',
      '#EXTINF:6.0,',
      'seg00001.m2ts',
      '#EXTINF:6.0,',
      'seg00002.m2ts',
      '#EXT-X-ENDLIST',
    ].join('\n');
    const t = { expires: 2_000_000_000, play: 'p'.repeat(22) };
    const out = rewriteMedia(stored, '/media/seg/k/360p', t, 12);
    expect(playlistSeconds(out)).toBe(12);
    expect(out).toContain(signedSegmentUrl('/media/seg/k/360p/seg00001.m2ts', t));
    expect(out).not.toContain('seg00002');
  });
});
