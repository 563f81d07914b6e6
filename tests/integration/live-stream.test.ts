/**
 * Live classes while on air (issue 24) and the seed's live classes (issue 26), through the endpoint table, the ingest's
 * callbacks and the replay's media routes: stream keys for the class's teacher and managers only, regenerated;
 * on_publish accepting only the current key within the class's time plus the margin; the page's state (countdown, on air, the stream for signed-in viewers, the number watching); SPEC 7
 * recordHours by GET and POST crediting a class once; a recording packaged by the job (ffmpeg) and served as the
 * replay. Runs on PGlite (DATA_DIR=memory) or PostgreSQL (DATABASE_URL).
 */
import { execFileSync } from 'node:child_process';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, lt } from 'drizzle-orm';
import { testClient } from '../support/client';
import { handleApiRequest } from '@/lib/server/http/api-route';
import { closeDb, db } from '@/lib/server/db';
import { liveClasses, liveViewers, operators } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { resetConfigForTests } from '@/lib/server/config';
import { stampPeerAddress } from '@/lib/server/http/request-info';
import { authorizePublish, publishDone, recordDone } from '@/lib/server/services/live/ingest';
import { handleIngestCallback } from '@/lib/server/http/live-ingest';
import { runLiveRecordingJob } from '@/lib/server/services/live/recording';
import { liveReplayHls } from '@/lib/server/http/media-route';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import type { LiveWatchState } from '@/lib/contract/catalogue';
import { MSG_NOT_STREAMER } from '@/lib/contract/live';

type Env<T> = { code: number; msg: string; data: T };
const { call } = testClient();
const tokens: Record<string, string> = {};
const recordDir = mkdtempSync(path.join(os.tmpdir(), 'live-record-'));
let onAirId: number;
let upcomingId: number;
/** The key as the encoder sends it, split as nginx-rtmp does: the stream name, and the `key` form field. */
const split = (key: string): [string, string] => {
  const [name, args] = key.split('?');
  return [name, new URLSearchParams(args).get('key') ?? ''];
};
const publish = (key: string, now?: Date) => authorizePublish(...split(key), now);
/** Headers as the request hook stamps them for a connection from `peer`. */
const peerHeaders = (peer: string, headers: Record<string, string>): Record<string, string> => {
  const req = { headers: { ...headers }, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
  stampPeerAddress(req);
  return req.headers as Record<string, string>;
};

beforeAll(async () => {
  process.env.LIVE_RECORD_DIR = recordDir;
  process.env.LIVE_PUBLISH_MARGIN_MINUTES = '30';
  resetConfigForTests();
  const d = await db();
  for (const u of ['lecturer', 'teacher', 'learner', 'manager']) {
    const [op] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, u));
    tokens[u] = await createSession(op.id);
  }
  const [lecturer] = await d.select({ t: operators.tchrId }).from(operators).where(eq(operators.userId, 'lecturer'));
  const now = new Date();
  // A class of the lecturer on air now, and one of theirs days ahead.
  const mine = await d.select().from(liveClasses).where(eq(liveClasses.teacherId, lecturer.t!));
  const onAir = mine.find((l) => l.startAt < now && l.audiences.includes('general')) ?? mine[0];
  onAirId = onAir.id;
  await d
    .update(liveClasses)
    .set({
      startAt: new Date(now.getTime() - 600_000),
      endAt: new Date(now.getTime() + 3_600_000),
      // Not finished (a previous run on the same database finished it).
      finishedAt: null,
      audiences: ['general'],
    })
    .where(eq(liveClasses.id, onAirId));
  upcomingId = mine.find((l) => l.startAt.getTime() > now.getTime() + 86_400_000)!.id;
  await d
    .update(liveClasses)
    .set({ audiences: ['general'] })
    .where(eq(liveClasses.id, upcomingId));
}, 120_000);
afterAll(async () => {
  rmSync(recordDir, { recursive: true, force: true });
  delete process.env.LIVE_RECORD_DIR;
  delete process.env.LIVE_PUBLISH_MARGIN_MINUTES;
  delete process.env.TRUST_PROXY;
  resetConfigForTests();
  await closeDb();
});

describe('stream keys', () => {
  it("the class's teacher and managers get the address and key; nobody else", async () => {
    expect((await call('/api/live/streamInfo', { id: onAirId })).code).toBe(CODE_SESSION_NONE);
    for (const who of ['learner', 'teacher']) {
      const refused = await call('/api/live/streamInfo', { id: onAirId }, { token: tokens[who] });
      expect([refused.code, refused.msg]).toEqual([1003, MSG_NOT_STREAMER]);
    }
    const mine = await call('/api/live/streamInfo', { id: onAirId }, { token: tokens.lecturer });
    expect(mine.code).toBe(0);
    expect(mine.data.rtmpUrl).toMatch(/^rtmp:\/\/.+\/live$/);
    expect(mine.data.streamKey).toMatch(/^c\d+-[0-9a-f]{18}\?key=[\w-]{32}$/);
    const managers = await call('/api/live/streamInfo', { id: onAirId }, { token: tokens.manager });
    expect(managers.data.streamKey).toBe(mine.data.streamKey);
  });

  it('regenerating replaces the key: its stream is dropped, the old key refused, the new one accepted', async () => {
    const before = (await call('/api/live/streamInfo', { id: onAirId }, { token: tokens.lecturer })).data;
    // On air with the old key; the ingest's control (a stand-in) is asked to drop it.
    expect((await publish(before.streamKey)).ok).toBe(true);
    const asked: string[] = [];
    const control = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      res.end('1');
    });
    await new Promise<void>((r) => control.listen(0, '127.0.0.1', r));
    process.env.LIVE_CONTROL_URL = `http://127.0.0.1:${(control.address() as AddressInfo).port}/control`;
    resetConfigForTests();
    const after = (await call('/api/live/streamKeyReset', { id: onAirId }, { token: tokens.lecturer })).data;
    control.close();
    delete process.env.LIVE_CONTROL_URL;
    resetConfigForTests();
    expect(asked).toEqual([`/control/drop/publisher?app=live&name=${split(before.streamKey)[0]}`]);
    await publishDone(split(before.streamKey)[0]);
    expect(after.streamKey).not.toBe(before.streamKey);
    expect(split(after.streamKey)[0]).toBe(split(before.streamKey)[0]);
    expect(await publish(before.streamKey)).toEqual({ ok: false, reason: 'unknown-key' });
    expect(await publish(after.streamKey)).toEqual(expect.objectContaining({ ok: true, liveId: onAirId }));
    expect(await publishDone(split(after.streamKey)[0])).toBe(true);
  });
});

describe('the ingest', () => {
  it('accepts only a current key within its class time plus the margin', async () => {
    const key = (await call('/api/live/streamInfo', { id: upcomingId }, { token: tokens.lecturer })).data.streamKey;
    expect(await publish(key)).toEqual({ ok: false, reason: 'outside-window' });
    const d = await db();
    const [row] = await d.select().from(liveClasses).where(eq(liveClasses.id, upcomingId));
    // 29 minutes before its start (the margin is 30): accepted; 31 after its end: refused.
    expect((await publish(key, new Date(row.startAt.getTime() - 29 * 60_000))).ok).toBe(true);
    expect((await publish(key, new Date(row.endAt.getTime() + 31 * 60_000))).ok).toBe(false);
    await publishDone(split(key)[0]);
    // The name alone, another class's name with this secret, nothing: refused.
    expect(await authorizePublish(split(key)[0], '')).toEqual({ ok: false, reason: 'unknown-key' });
    const other = (await call('/api/live/streamInfo', { id: onAirId }, { token: tokens.lecturer })).data;
    expect(await authorizePublish(split(other.streamKey)[0], split(key)[1])).toEqual({
      ok: false,
      reason: 'unknown-key',
    });
    expect(await authorizePublish('', '')).toEqual({ ok: false, reason: 'unknown-key' });
  });

  it('answers nginx-rtmp: 200 for the current key, 403 for a wrong key or another address', async () => {
    process.env.TRUST_PROXY = '1';
    resetConfigForTests();
    const key = (await call('/api/live/streamInfo', { id: onAirId }, { token: tokens.lecturer })).data.streamKey;
    const [name, secret] = split(key);
    // The connection's address, as the request hook stamps it (live-scope.test.ts: X-Forwarded-For counts for nothing).
    const hook = (event: string, form: Record<string, string>, from = '127.0.0.1') =>
      handleIngestCallback(
        new Request(`http://127.0.0.1/api/live/ingest/${event}`, {
          method: 'POST',
          headers: peerHeaders(from, { 'content-type': 'application/x-www-form-urlencoded' }),
          body: new URLSearchParams(form).toString(),
        }),
        event,
      );
    // As nginx-rtmp sends it: the name before `?`, the arguments after it as fields of their own.
    const form = { call: 'publish', app: 'live', name, key: secret, type: 'live', addr: '127.0.0.1' };
    expect((await hook('publish', form)).status).toBe(200);
    expect((await hook('publish', { ...form, key: 'wrong-secret-000000000000' })).status).toBe(403);
    expect((await hook('publish', { ...form, name: 'not-a-class' })).status).toBe(403);
    expect((await hook('publish', form, '203.0.113.9')).status).toBe(403);
    expect((await hook('record_done', { name, path: '/etc/passwd' })).status).toBe(404);
    expect((await hook('publish_done', { name })).status).toBe(204);
    delete process.env.TRUST_PROXY;
    resetConfigForTests();
  });
});

describe('watching on air', () => {
  it('a visitor sees 直播中 without the stream; a learner gets the stream and is counted watching', async () => {
    const key = (await call('/api/live/streamInfo', { id: onAirId }, { token: tokens.lecturer })).data.streamKey;
    const off = (await call('/api/live/watch', { id: onAirId }, { token: tokens.learner })).data;
    expect([off.status, off.onAir, off.hlsUrl]).toEqual(['live', false, null]);
    await publish(key);
    const visitor = (await call('/api/live/watch', { id: onAirId })).data;
    expect([visitor.onAir, visitor.hlsUrl, visitor.canStream]).toEqual([true, null, false]);
    const learner = (await call('/api/live/watch', { id: onAirId }, { token: tokens.learner })).data;
    expect(learner.hlsUrl).toBe(`/media/live-hls/${split(key)[0]}/index.m3u8`);
    expect(learner.hlsUrl).not.toContain(split(key)[1]);
    expect(learner.canStream).toBe(false);
    const upcoming = (await call('/api/live/watch', { id: upcomingId })).data;
    expect(upcoming.status).toBe('upcoming');
    expect(upcoming.startsInMs).toBeGreaterThan(86_400_000);
  });

  it('recordHours by GET (SPEC 7) and POST: watching half the class credits its hours once', async () => {
    const d = await db();
    // A one-minute class from 10 s ago: half of it (30 s) credits.
    const now = Date.now();
    await d
      .update(liveClasses)
      .set({ startAt: new Date(now - 10_000), endAt: new Date(now + 50_000) })
      .where(eq(liveClasses.id, onAirId));
    const get = () =>
      handleApiRequest(
        new Request(`http://localhost:3000/api/live/recordHours?id=${onAirId}`, {
          headers: { host: 'localhost:3000', cookie: `Continuing-Education-Web-Token=${tokens.learner}` },
        }),
      ).then((r) => r.json() as Promise<Env<LiveWatchState>>);
    const total = async () =>
      (await call('/api/study/totalTime', {}, { token: tokens.learner })).data.onLineAllTimeEffective;
    const before = await total();
    const first = await get();
    expect([first.code, first.data.watchedSeconds, first.data.credited]).toEqual([0, 0, false]);
    expect(first.data.viewers).toBeGreaterThanOrEqual(1);
    expect(first.data.creditAfterSeconds).toBe(30);
    // 20 s later (the ping's cap is 30 s): counted, not yet half the class.
    const [learner] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
    const back = (s: number) =>
      d
        .update(liveViewers)
        .set({ lastPingAt: new Date(Date.now() - s * 1000) })
        .where(and(eq(liveViewers.liveId, onAirId), eq(liveViewers.operatorId, learner.id)));
    await back(20);
    const second = await call('/api/live/recordHours', { id: onAirId }, { token: tokens.learner });
    expect([second.data.watchedSeconds, second.data.credited]).toEqual([20, false]);
    expect(await total()).toBe(before);
    // An hour's absence counts nothing; 15 s more of watching is past half the class: credited.
    await back(3600);
    const absent = await get();
    expect([absent.data.watchedSeconds, absent.data.credited]).toEqual([20, false]);
    await back(15);
    const third = await call('/api/live/recordHours', { id: onAirId }, { token: tokens.learner });
    expect([third.data.watchedSeconds, third.data.credited]).toEqual([35, true]);
    expect(await total()).toBe(before + third.data.recordHours * 3600);
    await back(20);
    await call('/api/live/recordHours', { id: onAirId }, { token: tokens.learner });
    expect(await total()).toBe(before + third.data.recordHours * 3600);
    // Other methods are still refused with the contract's message.
    const put = await handleApiRequest(
      new Request(`http://localhost:3000/api/live/recordHours?id=${onAirId}`, {
        method: 'PUT',
        headers: { host: 'localhost:3000' },
      }),
    );
    expect(put.status).toBe(405);
  });

  it('a visitor’s recordHours (GET) answers the class and its hours, crediting nothing', async () => {
    const res = await handleApiRequest(
      new Request(`http://localhost:3000/api/live/recordHours?id=${upcomingId}`, {
        headers: { host: 'localhost:3000' },
      }),
    );
    const body = (await res.json()) as Env<LiveWatchState>;
    expect([body.code, body.data.id, body.data.recordHours > 0]).toEqual([0, upcomingId, true]);
  });
});

describe('the recording becomes the replay', () => {
  it('the teacher ends the class; the job packages the recording as HLS and it plays', async () => {
    const d = await db();
    await d
      .update(liveClasses)
      .set({ endAt: new Date(Date.now() + 3_600_000) })
      .where(eq(liveClasses.id, onAirId));
    const [row] = await d.select().from(liveClasses).where(eq(liveClasses.id, onAirId));
    // What nginx-rtmp records: an FLV named after the stream (3 s of a generated picture and tone).
    mkdirSync(recordDir, { recursive: true });
    const file = path.join(recordDir, `${row.streamName}-${Math.floor(Date.now() / 1000)}.flv`);
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25'],
      ...['-c:a', 'aac', '-f', 'flv', file],
    ]);
    const ended = await call('/api/live/finish', { id: onAirId }, { token: tokens.lecturer });
    expect(ended.data.status).toBe('ended');
    expect(await publishDone(row.streamName!)).toBe(true);
    expect(await recordDone(row.streamName!, file)).toBe(true);
    const pending = (await call('/api/live/detail', { id: onAirId })).data;
    expect([pending.replay, pending.replayPending, pending.hasReplay]).toEqual([null, true, false]);

    await runLiveRecordingJob({ liveId: onAirId });
    const detail = (await call('/api/live/detail', { id: onAirId })).data;
    expect(detail.replay?.hls).toBe(true);
    expect(detail.replay!.duration).toBeGreaterThanOrEqual(2);
    const media = (file: string, token: string | null = tokens.learner) =>
      liveReplayHls(
        new Request(`http://localhost/media/live/${onAirId}/hls/${file}`, {
          headers: { host: 'localhost', ...(token ? { cookie: `Continuing-Education-Web-Token=${token}` } : {}) },
        }),
        String(onAirId),
        file,
      );
    expect((await media('index.m3u8', null)).status).toBe(401);
    const playlist = await (await media('index.m3u8')).text();
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const seg = /^(seg-\d{5}\.ts)$/m.exec(playlist)![1];
    const segment = await media(seg);
    expect(segment.status).toBe(200);
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await media('../../etc/passwd')).status).toBe(404);
  }, 60_000);
});

describe('the seeded classes agree with their pages (issue 26)', () => {
  it('every ended class listed as 回放 has a replay and hours on its page', async () => {
    const list = (await call('/api/live/list', { status: 'ended', pageSize: 100 })).data.list;
    expect(list.length).toBeGreaterThan(5);
    for (const l of list) {
      const detail = (await call('/api/live/detail', { id: l.id })).data;
      expect(detail.hasReplay).toBe(l.hasReplay);
      if (l.hasReplay) {
        expect(detail.replay).not.toBeNull();
        expect(detail.recordHours).toBeGreaterThan(0);
      }
    }
    const d = await db();
    const now = new Date();
    const seeded = await d
      .select({ h: liveClasses.recordHours, media: liveClasses.replayMedia })
      .from(liveClasses)
      .where(and(gt(liveClasses.endAt, now), lt(liveClasses.startAt, new Date(now.getTime() + 365 * 86_400_000))));
    // Classes on air or upcoming will have their recording and hours too once they end.
    for (const s of seeded) expect([s.h > 0, s.media !== '']).toEqual([true, true]);
  });
});
