/**
 * State of the whole server process. Next.js bundles a module once per kind of entry (the API's route handlers, the
 * pages' server components), so a module-level `new Map()` exists several times in one process: a cache cleared by
 * an API write (sign-out, a course approved) would live on in the copy the pages read. Such state lives here, on
 * globalThis under a process-wide symbol, created once by whichever copy asks first (like the database handle in
 * lib/server/db).
 */
export function processState<T>(name: string, create: () => T): T {
  const key = Symbol.for(`portal.state.${name}`);
  const g = globalThis as Record<symbol, unknown>;
  if (!(key in g)) g[key] = create();
  return g[key] as T;
}
