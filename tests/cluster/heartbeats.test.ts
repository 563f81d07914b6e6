/**
 * 300 learners' heartbeats through nginx for 20 s, with one instance killed (kill -9) and started again in the
 * middle: every heartbeat that was acknowledged is in the database, and none is counted twice. Like the player, a
 * learner sends a beat a second claiming the second it watched, and sends a beat that got no answer (the instance
 * died under it: nginx answers 502) again with the same submit id until it is acknowledged; the server answers a
 * repeat it already holds as a duplicate, crediting nothing more. Learners and sessions come from the benchmark's
 * test hook (scripts/bench/learning.mjs).
 */
import { randomUUID } from 'node:crypto';
import { call, cluster, control, sleep, withDb } from './support';

const LEARNERS = 300;
const SECONDS = 20;

interface Beat {
  submitId: string;
  from: number;
}

describe('heartbeats across instances', () => {
  it('keeps every acknowledged heartbeat, none counted twice, through an instance killed and restarted', async () => {
    const setup = await call({
      port: cluster.port,
      path: '/api/study/benchHook',
      body: { action: 'setup', count: LEARNERS },
      timeoutMs: 120_000,
    });
    expect(setup.json.code).toBe(0);
    const { courseId, chapterId, duration, learners } = setup.json.data as {
      courseId: number;
      chapterId: number;
      duration: number;
      learners: { operatorId: number; token: string }[];
    };
    expect(learners).toHaveLength(LEARNERS);

    const acknowledged = new Map<string, number>(); // submit id -> seconds credited, as answered
    const sent = new Set<string>();
    let failures = 0;
    let refused = 0;
    const refusals = new Map<string, number>();
    const started = Date.now();
    const end = started + SECONDS * 1000;

    const learner = async (l: { operatorId: number; token: string }, index: number) => {
      await sleep((index / LEARNERS) * 1000); // spread over the first second, as learners are
      let position = 0;
      let pending: Beat | null = null;
      while (Date.now() < end || pending) {
        if (!pending) {
          if (position + 1 > duration) position = 0;
          pending = { submitId: randomUUID(), from: position };
        }
        const beat = pending;
        sent.add(beat.submitId);
        const body = {
          submitId: beat.submitId,
          courseId,
          chapterId,
          position: beat.from + 1,
          from: beat.from,
          to: beat.from + 1,
          watched: 1,
        };
        const tick = Date.now();
        try {
          const a = await call({
            port: cluster.port,
            path: '/api/study/submit',
            body,
            headers: { 'x-access-token': l.token },
            timeoutMs: 15_000,
          });
          const data = a.json.data as { accepted?: boolean; credited?: number } | undefined;
          if (a.status === 200 && a.json.code === 0 && data?.accepted) {
            acknowledged.set(beat.submitId, data.credited ?? 0);
            position = beat.from + 1;
            pending = null;
          } else if (a.status === 200) {
            // Refused on its merits (not lost): counted, not sent again.
            refused++;
            refusals.set(String(a.json.msg), (refusals.get(String(a.json.msg)) ?? 0) + 1);
            pending = null;
          } else failures++;
        } catch {
          failures++;
        }
        if (pending && Date.now() > end + 30_000) break; // give up on a beat that never got an answer
        await sleep(Math.max(0, 1000 - (Date.now() - tick)));
      }
    };

    const victim = 2;
    const chaos = (async () => {
      await sleep(6000);
      await control('kill', victim);
      await sleep(2000);
      await control('restart', victim);
    })();
    await Promise.all([...learners.map(learner), chaos]);
    const elapsed = (Date.now() - started) / 1000;

    const operatorIds = learners.map((l) => l.operatorId);
    const { inDb, creditedInDb, studied } = await withDb(async (c) => {
      const rows = (
        await c.query<{ submit_id: string; credited: number }>(
          'select submit_id, credited from study_submits where operator_id = any($1) and chapter_id = $2',
          [operatorIds, chapterId],
        )
      ).rows;
      const progress = (
        await c.query<{ s: string }>(
          'select coalesce(sum(studied_seconds), 0) as s from chapter_progress where operator_id = any($1) and chapter_id = $2',
          [operatorIds, chapterId],
        )
      ).rows[0];
      return {
        inDb: new Map(rows.map((r) => [r.submit_id, Number(r.credited)])),
        creditedInDb: rows.reduce((n, r) => n + Number(r.credited), 0),
        studied: Number(progress.s),
      };
    });
    const missing = [...acknowledged.keys()].filter((id) => !inDb.has(id));
    const unknown = [...inDb.keys()].filter((id) => !sent.has(id));
    const creditedAnswered = [...acknowledged.values()].reduce((n, v) => n + v, 0);
    console.log(
      `[cluster] heartbeats: ${acknowledged.size} acknowledged in ${elapsed.toFixed(1)} s (${(acknowledged.size / elapsed).toFixed(0)}/s), ` +
        `${failures} sent again after no answer, ${refused} refused ${JSON.stringify(Object.fromEntries(refusals))}, ${inDb.size} in the database, ` +
        `credited ${creditedInDb} s in submits, ${studied} s in chapter progress`,
    );
    expect(missing).toEqual([]);
    expect(unknown).toEqual([]);
    // Each submit credited once: what the answers said, what the submits hold and what progress adds up to agree.
    expect(creditedInDb).toBe(creditedAnswered);
    expect(studied).toBe(creditedInDb);
    // Most beats get through (the figure that matters is the rate in scripts/bench/cluster.mjs, not here).
    expect(acknowledged.size).toBeGreaterThan(LEARNERS * SECONDS * 0.25);
  });
});
