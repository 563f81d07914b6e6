/** SPEC 3 "previous time". No React here: the API client, which server components load too, writes the key. */
export const PREVIOUS_TIME_KEY = 'previousTime';

export function writePreviousTime(now: number = Date.now()): void {
  try {
    localStorage.setItem(PREVIOUS_TIME_KEY, String(now));
  } catch {
    /* storage disabled */
  }
}

export function readPreviousTime(): number | null {
  try {
    const v = Number(localStorage.getItem(PREVIOUS_TIME_KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}
