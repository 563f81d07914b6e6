/** The player's reporter: the outbox keeps what was not answered, segments follow playback, seeks close a segment. */
import { Outbox, Reporter, SegmentTracker, type Transport } from '@/lib/learning/heartbeat';
import type { HeartbeatAnswer, HeartbeatPayload } from '@/lib/contract/learning';

class MemStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
}

const answer = (p: HeartbeatPayload): HeartbeatAnswer => ({
  submitId: p.submitId,
  accepted: true,
  duplicate: false,
  credited: p.watched,
  progress: 1,
  frontier: p.to,
  finished: false,
});

function fakeTransport() {
  const state = { online: true, received: [] as HeartbeatPayload[], beacons: 0 };
  const t: Transport = {
    submit: async (p) => {
      if (!state.online) throw new TypeError('Failed to fetch');
      state.received.push(p);
      return answer(p);
    },
    batch: async (items) => {
      if (!state.online) throw new TypeError('Failed to fetch');
      state.received.push(...items);
      return items.map(answer);
    },
    beacon: () => {
      state.beacons++;
      return true;
    },
  };
  return { t, state };
}

describe('SegmentTracker', () => {
  it('counts wall-clock seconds of real playback and the media segment covered', () => {
    const s = new SegmentTracker();
    for (let i = 0; i <= 10; i++) s.tick(10 + i, true, i * 1000);
    const seg = s.take(20)!;
    expect(seg.from).toBe(10);
    expect(seg.to).toBe(20);
    expect(seg.watched).toBeCloseTo(10);
  });
  it('a paused or stalled video is not study; a jump is a seek', () => {
    const s = new SegmentTracker();
    s.tick(0, true, 0);
    s.tick(0, true, 5000); // stalled
    s.tick(0, false, 6000); // paused
    expect(s.take(0)).toBeNull();
    s.tick(0, true, 0);
    s.tick(1, true, 1000);
    s.tick(120, true, 2000); // seek ahead
    expect(s.pendingSeek).toBe(true);
    const before = s.take(120)!;
    expect(before.to).toBe(1);
  });
});

describe('Reporter', () => {
  it('keeps heartbeats that could not be delivered and sends them, in order, when the network is back', async () => {
    const { t, state } = fakeTransport();
    const storage = new MemStorage();
    const r = new Reporter(t, new Outbox(storage));
    const base = { courseId: 1, chapterId: 2, position: 5 };
    expect(await r.send(r.build(base, { from: 0, to: 5, watched: 5 }))).toBe('answered');
    state.online = false;
    expect(await r.send(r.build({ ...base, position: 10 }, { from: 5, to: 10, watched: 5 }))).toBe('kept');
    expect(await r.send(r.build({ ...base, position: 15 }, { from: 10, to: 15, watched: 5 }))).toBe('kept');
    expect(r.pending()).toBe(2);
    // A reload: a new reporter on the same storage still has them.
    const again = new Reporter(t, new Outbox(storage));
    expect(again.pending()).toBe(2);
    state.online = true;
    await again.flush();
    expect(again.pending()).toBe(0);
    expect(state.received.map((p) => p.position)).toEqual([5, 10, 15]);
  });
  it('a beacon leaves the heartbeat in the outbox until an answer arrives (the server ignores the duplicate)', async () => {
    const { t, state } = fakeTransport();
    const r = new Reporter(t, new Outbox(new MemStorage()));
    r.beacon(r.build({ courseId: 1, chapterId: 2, position: 3 }, { from: 0, to: 3, watched: 3 }));
    expect(state.beacons).toBe(1);
    expect(r.pending()).toBe(1);
    await r.flush();
    expect(r.pending()).toBe(0);
  });
  it('a flush while a heartbeat is on its way as a single submit does not send it again', async () => {
    const { t, state } = fakeTransport();
    let release: () => void = () => undefined;
    const slow: Transport = { ...t, submit: (p) => new Promise((resolve) => (release = () => resolve(t.submit(p)))) };
    let batches = 0;
    slow.batch = async (items) => {
      batches++;
      return t.batch(items);
    };
    const r = new Reporter(slow, new Outbox(new MemStorage()));
    // The player's clock reports, then retries the outbox at once, every interval.
    const sending = r.send(r.build({ courseId: 1, chapterId: 2, position: 15 }, { from: 0, to: 15, watched: 15 }));
    await r.flush();
    expect(batches).toBe(0);
    release();
    expect(await sending).toBe('answered');
    expect(state.received).toHaveLength(1);
    expect(r.pending()).toBe(0);
  });
  it('a refusal from the server ends a heartbeat; a session error keeps it', async () => {
    const refused = Object.assign(new Error('播放位置超出视频时长'), { name: 'ApiError', code: 1000 });
    const session = Object.assign(new Error('账号未登录，请登录'), { name: 'ApiError', code: 2002 });
    let err: Error = refused;
    const t: Transport = {
      submit: async () => Promise.reject(err),
      batch: async () => Promise.reject(err),
      beacon: () => true,
    };
    const r = new Reporter(t, new Outbox(new MemStorage()));
    expect(await r.send(r.build({ courseId: 1, chapterId: 2, position: 999 }, { from: 0, to: 3, watched: 3 }))).toBe(
      'answered',
    );
    err = session;
    expect(await r.send(r.build({ courseId: 1, chapterId: 2, position: 3 }, { from: 0, to: 3, watched: 3 }))).toBe(
      'kept',
    );
    expect(r.pending()).toBe(1);
  });
});
