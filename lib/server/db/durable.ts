/**
 * Durable writes on PGlite (issue 22). PGlite starts PostgreSQL with `-F` (fsync off), and even with fsync on, its
 * Node file system (Emscripten's NODEFS) has no fsync and its fdatasync does nothing: a power loss or kernel crash
 * could lose acknowledged writes. So a database on disk starts without `-F`, the WAL is synced with fsync() (the one
 * call that reaches the file system), and NODEFS gets an fsync.
 *
 * PostgreSQL's fsync of a data file or directory (checkpoints, shutdown) is done at once. The WAL's, asked for at
 * every commit, is not: a synchronous fsync blocks the thread PGlite and every request run in (3-5 ms here, far more
 * under load), so it would cap the server's commits. The commit's bytes are written to the kernel as before (a killed
 * process loses nothing), the WAL file is noted, and `flush` syncs the noted files on libuv's threads before an answer
 * goes out: one sync covers every commit before it, shared by all requests waiting together (group commit).
 */
import { fsyncSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PGliteType = import('@electric-sql/pglite').PGlite;
type ModOptions = Parameters<NodeFS['init']>[1];

/** Syncs that reached the disk in this process: at once (data files, directories) and of the WAL (for tests). */
export const durabilityStats = { fsyncs: 0, walSyncs: 0 };

interface NodeStream {
  nfd?: number | null;
  node: unknown;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: NodeStream) => number }; realPath: (node: unknown) => string };
}

const BACKGROUND_SYNC_MS = 100;

/** The WAL's deferred, grouped sync. */
export interface WalSync {
  /** Resolves once every WAL write before the call is on disk. */
  flush: () => Promise<void>;
  stop: () => void;
}

function walSync(): WalSync & { note: (file: string) => void } {
  let pending = new Set<string>();
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const syncAll = async () => {
    const files = [...pending];
    pending = new Set();
    try {
      // Any descriptor of a file syncs its data; the directory (pg_wal) is synced for a new segment's name.
      await Promise.all(
        files.map(async (file) => {
          // A file gone by now was a temporary one PostgreSQL renamed (xlogtemp.* becomes a segment, whose own
          // fsync is noted under its new name): nothing to sync under this name.
          const fh = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
            if (err.code === 'ENOENT') return null;
            throw err;
          });
          if (!fh) return;
          try {
            await fh.sync();
          } finally {
            await fh.close();
          }
        }),
      );
      durabilityStats.walSyncs += files.length;
    } catch (err) {
      for (const f of files) pending.add(f);
      throw err;
    }
  };
  const flush = (): Promise<void> => {
    if (!running) {
      if (pending.size === 0) return Promise.resolve();
      running = syncAll().finally(() => (running = null));
      return running;
    }
    // A sync already running covers only what was noted before it started: later callers share the next one.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return flush();
      });
    return next;
  };
  // What is answered outside the endpoint table (media routes, page renders) reaches the disk within this anyway.
  const timer = setInterval(() => void flush().catch(() => undefined), BACKGROUND_SYNC_MS);
  timer.unref();
  return { note: (file) => void pending.add(file), flush, stop: () => clearInterval(timer) };
}

/** PGlite's NodeFS with an fsync: at once for data files, deferred to `wal` for the WAL. */
class DurableNodeFS extends NodeFS {
  constructor(
    dir: string,
    private readonly onWal: (file: string) => void,
  ) {
    super(dir);
  }

  async init(pg: PGliteType, opts: ModOptions) {
    const made = await super.init(pg, opts);
    const addFsync = (mod: EmscriptenModule) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd == null) return 0;
        const file = mod.NODEFS.realPath(stream.node);
        if (/[/\\]pg_wal(?:[/\\]|$)/.test(file)) this.onWal(file);
        else {
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

/** Options of a durable file-backed instance, and its WAL's grouped sync. */
export function durableOptions(defaultStartParams: string[], dir: string) {
  const wal = walSync();
  return {
    options: {
      fs: new DurableNodeFS(dir, wal.note),
      // `-F` is fsync=off.
      startParams: defaultStartParams.filter((p) => p !== '-F'),
      postgresqlconf: ['fsync=on', 'wal_sync_method=fsync'],
    },
    wal: { flush: wal.flush, stop: wal.stop } as WalSync,
  };
}
