/**
 * Runs once when the server starts (Next.js): the request hook is installed (lib/server/lanes/request-hook), and with
 * PostgreSQL the listener of the other instances' invalidations starts (lib/server/cache).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  (await import('./lib/server/lanes/request-hook')).installRequestHook();
  (await import('./lib/server/cache')).startInvalidationListener();
}
