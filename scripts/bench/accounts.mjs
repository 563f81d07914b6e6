/**
 * The accounts domain's part of `npm run bench` (scripts/bench.mjs).
 * TARGETS: entries like those of bench.mjs (name, path, host, method, body, ratio, p99), measured with the rest.
 * extra(ctx): optional measurements of their own after the autocannon runs; ctx = { port, hostname, api, httpRequest, baseline }
 * where api(path, body, cookie) posts JSON to localhost and baseline is the baseline's req/s. Return
 * [{ name, ok, detail }] rows; ok false counts as a missed target.
 */
export const TARGETS = [];

export async function extra() {
  return [];
}
