/** Runs once when the server starts (Next.js): the request hook is installed (lib/server/lanes/request-hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') (await import('./lib/server/lanes/request-hook')).installRequestHook();
}
