/**
 * Runs once when the server starts (Next.js): the request hook is installed (lib/server/lanes/request-hook), with
 * PostgreSQL the listener of the other instances' invalidations starts (lib/server/cache), and the job workers start
 * (lib/server/jobs; JOBS_WORKERS=0 leaves them off on this instance).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  (await import('./lib/server/lanes/request-hook')).installRequestHook();
  (await import('./lib/server/cache')).startInvalidationListener();
  // Not awaited: the first request need not wait for pg-boss's start (its schema is made then, once).
  void (await import('./lib/server/jobs/workers')).startJobs().catch((err: Error) => console.error(`[jobs] workers did not start: ${err.message}`));
}
