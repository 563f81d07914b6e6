/**
 * Runs once when the server starts (Next.js): the configuration is checked (a wrong value ends the process with a
 * message naming it, lib/server/config), the demo seed is handed to the database (lib/server/seed), the start is
 * logged (with a warning when test hooks are on), then the request hook is installed (lib/server/lanes/request-hook),
 * with PostgreSQL the listener of the other instances' invalidations starts (lib/server/cache), and the job workers
 * start (lib/server/jobs; JOBS_WORKERS=0 leaves them off on this instance).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const settings = (await import('./lib/server/config')).checkConfig();
  // Before anything opens the database: an empty one is seeded on first open when SEED=demo.
  (await import('./lib/server/seed/install')).installSeed();
  (await import('./lib/server/ops/start-notice')).announceStart(settings);
  (await import('./lib/server/lanes/request-hook')).installRequestHook();
  (await import('./lib/server/cache')).startInvalidationListener();
  // Not awaited: the first request need not wait for pg-boss's start (its schema is made then, once).
  void (await import('./lib/server/job-workers'))
    .startJobs()
    .catch(async (err: Error) =>
      (await import('./lib/server/ops/log')).log.error({ err: err.message }, 'job workers did not start'),
    );
}
