/**
 * Runs once when the server starts (Next.js): the configuration is checked (a wrong value ends the process with a
 * message naming it, lib/server/config), the start is logged (with a warning when test hooks are on), then the
 * request hook is installed (lib/server/lanes/request-hook), and with PostgreSQL the listener of the other
 * instances' invalidations starts (lib/server/cache).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const settings = (await import('./lib/server/config')).checkConfig();
  (await import('./lib/server/ops/start-notice')).announceStart(settings);
  (await import('./lib/server/lanes/request-hook')).installRequestHook();
  (await import('./lib/server/cache')).startInvalidationListener();
}
