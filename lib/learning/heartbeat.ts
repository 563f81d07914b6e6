/**
 * The player's progress reporter (issue 5): turns playback into heartbeats and delivers them so that at most
 * one heartbeat interval of study can be lost. Every heartbeat is written to an outbox in localStorage first and
 * removed only when the server has answered it (accepted, duplicate or refused); whatever could not be delivered
 * (network cut, server restart, laptop closed) is sent again, in order, in batches. The server is idempotent on
 * the submit id, so sending one twice (a beacon on page hide and the outbox on the next visit) counts once.
 */
import { BATCH_SUBMIT_MAX, CHAPTER_END_TOLERANCE_S, HEARTBEAT_QUEUE_KEY, MAX_PLAYBACK_RATE } from './heartbeat-rules';
import type { CourseProgressView, HeartbeatAnswer, HeartbeatPayload } from '../contract/learning';

export interface Transport {
  submit(p: HeartbeatPayload): Promise<HeartbeatAnswer>;
  batch(items: HeartbeatPayload[]): Promise<HeartbeatAnswer[]>;
  beacon(items: HeartbeatPayload[]): boolean;
}

/** An answer from the server (even a refusal) ends a heartbeat's life; anything else keeps it for later. */
export type Delivery = 'answered' | 'kept';

export interface Storage {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

export function newSubmitId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export class Outbox {
  constructor(
    private storage: Storage | null,
    private key = HEARTBEAT_QUEUE_KEY,
  ) {}
  private memory: HeartbeatPayload[] = [];
  read(): HeartbeatPayload[] {
    if (!this.storage) return this.memory;
    try {
      const raw = this.storage.getItem(this.key);
      const list = raw ? (JSON.parse(raw) as HeartbeatPayload[]) : [];
      return Array.isArray(list) ? list : [];
    } catch {
      return [];
    }
  }
  write(list: HeartbeatPayload[]): void {
    // Keep the newest 500 at most: a week offline must not fill the quota.
    const trimmed = list.slice(-500);
    if (!this.storage) {
      this.memory = trimmed;
      return;
    }
    try {
      this.storage.setItem(this.key, JSON.stringify(trimmed));
    } catch {
      this.memory = trimmed;
    }
  }
  add(p: HeartbeatPayload): void {
    this.write([...this.read().filter((x) => x.submitId !== p.submitId), p]);
  }
  remove(ids: string[]): void {
    const drop = new Set(ids);
    this.write(this.read().filter((x) => !drop.has(x.submitId)));
  }
}

/**
 * Follows one chapter's playback. `tick(currentTime, playing, nowMs)` is called often (timeupdate and a timer);
 * a jump in media time that playback cannot explain is a seek: the segment played so far is closed.
 */
export class SegmentTracker {
  private from: number | null = null;
  private to = 0;
  private watchedMs = 0;
  private lastWall: number | null = null;
  private lastMedia: number | null = null;

  tick(media: number, playing: boolean, wallMs: number): void {
    if (!playing) {
      this.lastWall = null;
      this.lastMedia = media;
      return;
    }
    if (this.lastWall == null || this.lastMedia == null) {
      this.lastWall = wallMs;
      this.lastMedia = media;
      if (this.from == null) {
        this.from = media;
        this.to = media;
      }
      return;
    }
    const dWall = Math.max(0, wallMs - this.lastWall);
    const dMedia = media - this.lastMedia;
    const plausible = dMedia >= 0 && dMedia <= (dWall / 1000) * MAX_PLAYBACK_RATE + 1.5;
    if (!plausible) {
      // A seek: the caller flushes what was played before it; the new segment starts here.
      this.pendingSeek = true;
      this.lastWall = wallMs;
      this.lastMedia = media;
      return;
    }
    if (this.from == null) this.from = this.lastMedia;
    this.to = Math.max(this.to, media);
    // A stalled video (no media progress) is not study.
    if (dMedia > 0) this.watchedMs += Math.min(dWall, 5000);
    this.lastWall = wallMs;
    this.lastMedia = media;
  }

  pendingSeek = false;

  get watchedSeconds(): number {
    return this.watchedMs / 1000;
  }

  /** Closes the current segment and returns it (null when nothing was played); the next starts at `media`. */
  take(media: number): { from: number; to: number; watched: number } | null {
    const out =
      this.from == null || this.watchedMs < 500
        ? null
        : { from: this.from, to: Math.max(this.to, this.from), watched: this.watchedMs / 1000 };
    this.from = null;
    this.to = media;
    this.watchedMs = 0;
    this.pendingSeek = false;
    if (this.lastMedia != null) this.lastMedia = media;
    return out;
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export class Reporter {
  private flushing = false;
  /** Heartbeats on their way as single submits: a flush meanwhile leaves them alone (it would send each twice). */
  private inFlight = new Set<string>();
  constructor(
    private transport: Transport,
    private outbox: Outbox,
    /** Each answer with the heartbeat it answers (undefined only when the server answered an id it was not sent). */
    private onAnswer: (a: HeartbeatAnswer, p: HeartbeatPayload | undefined) => void = () => {},
    private useBatch = false,
  ) {}

  build(
    base: { courseId: number; chapterId: number; position: number; lockSession?: string },
    seg: { from: number; to: number; watched: number },
  ): HeartbeatPayload {
    return {
      submitId: newSubmitId(),
      courseId: base.courseId,
      chapterId: base.chapterId,
      position: round1(Math.max(0, base.position)),
      from: round1(Math.max(0, seg.from)),
      to: round1(Math.max(0, seg.to)),
      watched: round1(Math.max(0, seg.watched)),
      ...(base.lockSession ? { lockSession: base.lockSession } : {}),
    };
  }

  /** Stores the heartbeat, then tries to deliver it with everything still waiting before it. */
  async send(p: HeartbeatPayload): Promise<Delivery> {
    this.outbox.add(p);
    if (!this.useBatch && this.outbox.read().length === 1) {
      this.inFlight.add(p.submitId);
      try {
        const a = await this.transport.submit(p);
        this.outbox.remove([p.submitId]);
        this.onAnswer(a, p);
        return 'answered';
      } catch (err) {
        if (isAnswer(err)) {
          this.outbox.remove([p.submitId]);
          return 'answered';
        }
        return 'kept';
      } finally {
        this.inFlight.delete(p.submitId);
      }
    }
    await this.flush();
    return this.outbox.read().some((x) => x.submitId === p.submitId) ? 'kept' : 'answered';
  }

  /** Delivers the outbox in order, in batches; stops at the first delivery failure. */
  async flush(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      for (;;) {
        const waiting = this.outbox
          .read()
          .filter((x) => !this.inFlight.has(x.submitId))
          .slice(0, BATCH_SUBMIT_MAX);
        if (waiting.length === 0) return;
        let answers: HeartbeatAnswer[];
        try {
          answers = await this.transport.batch(waiting);
        } catch (err) {
          if (isAnswer(err)) {
            // The whole batch was refused as such (e.g. a malformed old entry): drop it rather than loop forever.
            this.outbox.remove(waiting.map((w) => w.submitId));
            continue;
          }
          return;
        }
        this.outbox.remove(answers.map((a) => a.submitId));
        const sent = new Map(waiting.map((w) => [w.submitId, w]));
        for (const a of answers) this.onAnswer(a, sent.get(a.submitId));
        if (answers.length === 0) return;
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Page hide: hand the heartbeat to the browser (sendBeacon); it stays in the outbox until answered. */
  beacon(p: HeartbeatPayload): void {
    this.outbox.add(p);
    this.transport.beacon(this.outbox.read().slice(-BATCH_SUBMIT_MAX));
  }

  pending(): number {
    return this.outbox.read().length;
  }
}

/** The server answered with a refusal (a non-zero code that is not a session or server error). */
function isAnswer(err: unknown): boolean {
  const e = err as { name?: string; code?: number } | null;
  if (e?.name !== 'ApiError' || typeof e.code !== 'number') return false;
  return !(e.code >= 2000 && e.code <= 2002) && e.code < 1500;
}

/**
 * The learner's progress after an accepted heartbeat: the course's percentage, and the chapter's own row (its
 * frontier, position, and finished once the frontier reaches its end, as the server decides it), so the chapter
 * list shows what was just studied without a reload. A duplicate answer carries no frontier: only the course's part.
 */
export function progressAfter(
  old: CourseProgressView,
  a: HeartbeatAnswer,
  p: HeartbeatPayload | undefined,
  chapterDuration: number | undefined,
): CourseProgressView {
  const next = { ...old, progress: Math.max(old.progress, a.progress), finished: old.finished || a.finished };
  if (!a.accepted || a.duplicate || !p) return next;
  const was = old.chapters.find((c) => c.chapterId === p.chapterId);
  const frontier = Math.max(was?.frontier ?? 0, a.frontier);
  const finished =
    !!was?.finished ||
    (chapterDuration !== undefined && chapterDuration > 0 && frontier >= chapterDuration - CHAPTER_END_TOLERANCE_S);
  const row = { chapterId: p.chapterId, frontier, position: p.position, finished };
  return { ...next, chapters: was ? old.chapters.map((c) => (c === was ? row : c)) : [...old.chapters, row] };
}
