import { focusFallback, focusLost } from '@/components/shell/focus-return';

/**
 * Keeps the keyboard in a list whose items can be removed (删除 a chapter or a course, 取消收藏 in 我的收藏): the
 * control the user pressed goes with its item, and focus would fall back to the start of the page. Call it with
 * the item (the row or list item) when its removal is asked for. Once the item has left the document, if focus
 * was lost, it moves to the control matching `selector` in the item that took its place (the next one), else in
 * the new last one, else to `fallback()` (e.g. the list's heading), else to the main landmark. Focus that
 * landed anywhere else is left alone; an item still there after `waitMs` (the removal failed) is let go.
 */
export function focusNextWhenRemoved(
  item: Element | null,
  selector: string,
  fallback?: () => HTMLElement | null,
  waitMs = 30_000,
): void {
  const list = item?.parentElement;
  if (!item || !list) return;
  const index = [...list.children].indexOf(item);
  const observer = new MutationObserver(() => {
    if (item.isConnected) return;
    stop();
    if (!focusLost()) return;
    const targets = list.isConnected ? [...list.querySelectorAll<HTMLElement>(selector)] : [];
    const target = targets[Math.min(index, targets.length - 1)] ?? fallback?.();
    if (target) target.focus();
    else focusFallback();
  });
  const timer = setTimeout(() => stop(), waitMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * A list item's 删除: asks first (the app's confirm box), then removes it and keeps the keyboard in the list
 * (focusNextWhenRemoved, with the item's other 删除 buttons marked data-remove).
 */
export async function removeAfterConfirm(
  button: HTMLElement,
  ask: () => Promise<boolean>,
  remove: () => void,
  fallback?: () => HTMLElement | null,
): Promise<void> {
  const item = button.closest('li, tr');
  if (!(await ask())) return;
  focusNextWhenRemoved(item, '[data-remove]', fallback);
  remove();
}
