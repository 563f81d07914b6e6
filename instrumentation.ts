/** Runs once when the server starts (Next.js): every request is stamped with its socket's address (lib/server/request-token). */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') (await import('./lib/server/request-token')).stampPeerAddresses();
}
