/**
 * Focus return for dialogs loaded on first use (LazyDialogs). Headless UI restores focus to the element it
 * saw focused before the dialog opened, but it tracks that only once its module has loaded: the first
 * dialog of a page mounts after the click that asked for it, so on close focus fell to <body>.
 * Called when a dialog is asked for: it remembers the opener and, once the dialog that opens next has
 * closed, gives focus back to it if focus was lost (it leaves focus alone when it landed anywhere else).
 */
export function returnFocusOnClose(doc: Document = document): () => void {
  const opener = doc.activeElement;
  if (!(opener instanceof HTMLElement) || opener === doc.body) return () => {};
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
        const active = doc.activeElement;
        if ((!active || active === doc.body) && opener.isConnected) opener.focus();
      }, 0);
    }
  });
  observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
  return () => observer.disconnect();
}
