/**
 * Durable writes on PGlite (issue 22). PGlite starts PostgreSQL with `-F` (fsync off), and even with fsync on, its
 * Node file system (Emscripten's NODEFS) has no fsync and its fdatasync does nothing: a power loss or kernel crash
 * could lose acknowledged writes. So the server starts without `-F`, the WAL is synced with fsync() (the one call
 * that reaches the file system), and NODEFS gets an fsync that calls the kernel's.
 *
 * An fsync costs 3-5 ms here and blocks the thread (PGlite runs in it), so one per commit would cap the server at
 * about 250 commits/s. Commits are therefore asynchronous (synchronous_commit off) and made durable in groups before
 * anything is acknowledged: `flushWal` runs one small synchronous commit, whose WAL flush covers every commit before
 * it, shared by every caller that arrives while one runs (group commit).
 */
import { fsyncSync } from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PGliteType = import('@electric-sql/pglite').PGlite;
type ModOptions = Parameters<NodeFS['init']>[1];

/** fsync() calls that reached the disk in this process (for tests and the README's cost figures). */
export const durabilityStats = { fsyncs: 0, flushes: 0 };

interface NodeStream {
  nfd?: number | null;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: NodeStream) => number } };
}

/** PGlite's NodeFS with an fsync that reaches the disk. */
export class DurableNodeFS extends NodeFS {
  async init(pg: PGliteType, opts: ModOptions) {
    const made = await super.init(pg, opts);
    const addFsync = (mod: EmscriptenModule) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        // Directories are opened too (PostgreSQL syncs them after a rename); both have a real descriptor.
        if (stream.nfd != null) {
          fsyncSync(stream.nfd);
          durabilityStats.fsyncs++;
        }
        return 0;
      };
    };
    const preRun = [...((made.emscriptenOpts.preRun as unknown[]) ?? []), addFsync];
    return { emscriptenOpts: { ...made.emscriptenOpts, preRun } as ModOptions };
  }
}

/** Start parameters and settings of a durable file-backed instance. */
export function durableOptions(defaultStartParams: string[], dir: string) {
  return {
    fs: new DurableNodeFS(dir),
    // `-F` is fsync=off.
    startParams: defaultStartParams.filter((p) => p !== '-F'),
    postgresqlconf: ['fsync=on', 'wal_sync_method=fsync', 'synchronous_commit=off'],
  };
}

const BACKGROUND_FLUSH_MS = 100;

/** True for statements that cannot write (so a request that only reads never waits for a flush). */
export function readsOnly(text: string): boolean {
  return /^\s*(select|show)\b/i.test(text);
}

/**
 * Group commit: `markWritten` after a statement that may write; `flush` resolves once everything written before it
 * is on disk. A flush already running covers only what was written before it started, so later callers share the next.
 */
export function groupCommit(pg: Pick<PGliteType, 'exec'>) {
  let dirty = false;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const run = async () => {
    if (!dirty) return;
    dirty = false;
    durabilityStats.flushes++;
    try {
      // A transactional WAL record (a bare xid writes none, and its commit would not wait); with synchronous_commit
      // on, its commit waits for the WAL flush, which includes every asynchronous commit before it.
      await pg.exec("BEGIN; SET LOCAL synchronous_commit = on; SELECT pg_logical_emit_message(true, 'portal', ''); COMMIT;");
    } catch (err) {
      dirty = true;
      throw err;
    }
  };
  const flush = (): Promise<void> => {
    if (!running) {
      running = run().finally(() => (running = null));
      return running;
    }
    next ??= running.catch(() => undefined).then(() => {
      next = null;
      return flush();
    });
    return next;
  };
  // Writes answered outside the endpoint table (uploads' streams, media routes) are flushed within this anyway: with
  // asynchronous commits even a killed process would otherwise lose what is still in PGlite's WAL buffers.
  const timer = setInterval(() => void (dirty && flush().catch(() => undefined)), BACKGROUND_FLUSH_MS);
  timer.unref();
  return {
    markWritten: () => void (dirty = true),
    flush,
    stop: () => clearInterval(timer),
  };
}
