/** `/course/index` + { t: 301, page: 2 } -> `/course/index?t=301&page=2` (empty values left out). */
export function hrefOf(path: string, params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export interface Crumb {
  name: string;
  href?: string;
}
