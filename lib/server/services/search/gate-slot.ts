/**
 * Where the search service leaves its keyword check for the search gate (lib/server/lanes/search-gate), which sees
 * search page requests before they render. The service fills it when it loads, so the gate opens with the first
 * search of a process and the request hook does not load the search service at start; until then requests pass.
 * On globalThis: Next.js bundles the request hook and the routes apart.
 */
export type SearchGate = { isKnown: (key: string) => boolean; admit: (key: string, ip: string) => Promise<void> };
const GATE = Symbol.for('portal.searchGate');
type GateGlobals = { [GATE]?: SearchGate };

export function openSearchGate(gate: SearchGate): void {
  (globalThis as GateGlobals)[GATE] = gate;
}

/** The check the search service left, or undefined before its first load. */
export function searchGate(): SearchGate | undefined {
  return (globalThis as GateGlobals)[GATE];
}
