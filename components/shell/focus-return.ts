/**
 * Where the focus goes when the element it would return to is gone (the header's 登录 after a sign-in, the login
 * splash): the page's main landmark, so the next Tab continues in the page rather than from the top of <body>.
 */
export function focusFallback(doc: Document = document): void {
  const main = doc.getElementById('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

export const focusLost = (doc: Document = document) => !doc.activeElement || doc.activeElement === doc.body;

/**
 * Focus return for dialogs loaded on first use (LazyDialogs). Headless UI restores focus to the element it
 * saw focused before the dialog opened, but it tracks that only once its module has loaded: the first
 * dialog of a page mounts after the click that asked for it, so on close focus fell to <body>.
 * Called when a dialog is asked for: it remembers the opener and, once the dialog that opens next has
 * closed, gives focus back to it if focus was lost (it leaves focus alone when it landed anywhere else).
 * A dialog that opened by itself (the post-station prompt after a sign-in), or whose opener is gone by then,
 * gives the focus to the main landmark (focusFallback).
 */
export function returnFocusOnClose(doc: Document = document): () => void {
  const active = doc.activeElement;
  const opener = active instanceof HTMLElement && active !== doc.body ? active : null;
  const count = () => doc.querySelectorAll('[role="dialog"], [role="alertdialog"]').length;
  const before = count();
  let opened = false;
  const observer = new MutationObserver(() => {
    const now = count();
    if (now > before) opened = true;
    else if (opened) {
      observer.disconnect();
      // After the dialog's own restore (run as it unmounts): only a lost focus is given back.
      setTimeout(() => {
        if (!focusLost(doc)) return;
        if (opener?.isConnected) opener.focus();
        if (focusLost(doc)) focusFallback(doc);
      }, 0);
    }
  });
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
  return () => observer.disconnect();
}
