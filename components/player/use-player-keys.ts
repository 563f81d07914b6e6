import { useEffect, type RefObject } from 'react';
import { PLAYBACK_RATES } from '@/lib/learning/heartbeat-rules';

/**
 * The player's keyboard, anywhere on the page: space/k play-pause, ← → seek 5 s, ↑ ↓ volume (on the video), [ ] speed
 * (setRate keeps the speed select in step), c subtitles. One listener on the document, in the capture phase: it runs
 * before the focused <video>'s own controls, which would otherwise toggle and seek a second time for the same key (its
 * preventDefault stops them, and the page's scroll).
 */
export function usePlayerKeys(videoRef: RefObject<HTMLVideoElement | null>, setRate: (rate: number) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const v = videoRef.current;
      if (!v || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || keysTakenBy(e.target, v))
        return;
      const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if (k === ' ' || k === 'k') {
        e.preventDefault();
        if (v.paused) void v.play().catch(() => undefined);
        else v.pause();
      } else if (k === 'ArrowRight' || k === 'ArrowLeft') {
        e.preventDefault();
        v.currentTime =
          k === 'ArrowRight' ? Math.min(v.duration || 0, v.currentTime + 5) : Math.max(0, v.currentTime - 5);
      } else if (k === 'ArrowUp' || k === 'ArrowDown') {
        // Only on the video itself: elsewhere ↑ ↓ scroll the page, as a reader expects.
        if (e.target !== v) return;
        e.preventDefault();
        v.volume = k === 'ArrowUp' ? Math.min(1, v.volume + 0.1) : Math.max(0, v.volume - 0.1);
      } else if (k === ']' || k === '[') {
        e.preventDefault();
        const i = PLAYBACK_RATES.indexOf(v.playbackRate as (typeof PLAYBACK_RATES)[number]);
        const next =
          PLAYBACK_RATES[
            Math.max(
              0,
              Math.min(PLAYBACK_RATES.length - 1, (i < 0 ? PLAYBACK_RATES.indexOf(1) : i) + (k === ']' ? 1 : -1)),
            )
          ];
        v.playbackRate = next;
        setRate(next);
      } else if (k === 'c') {
        e.preventDefault();
        const t = v.textTracks[0];
        if (t) t.mode = t.mode === 'showing' ? 'hidden' : 'showing';
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [videoRef, setRate]);
}

/** Focus in these keeps its keys (typing, choosing, pressing, moving between tabs); so does an open dialog. */
const OWN_KEYS =
  'input, textarea, select, button, a[href], summary, [contenteditable]:not([contenteditable="false"]), ' +
  '[role="button"], [role="link"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="slider"], [role="spinbutton"], ' +
  '[role="textbox"], [role="combobox"], [role="listbox"], [role="option"], [role="menu"], [role="menuitem"], [role="dialog"], [role="alertdialog"], dialog';

/** Whether a key pressed at target belongs to something other than the player's shortcuts. */
function keysTakenBy(target: EventTarget | null, video: HTMLVideoElement): boolean {
  if (document.querySelector('[aria-modal="true"], dialog[open]')) return true;
  if (target === video) return false;
  return target instanceof Element && target.closest(OWN_KEYS) != null;
}
