/**
 * Shell-wide UI events: the message box of SPEC 2.7 and the login dialog are opened from anywhere
 * (a nav entry, the player, the API client's re-login flow) without prop drilling.
 */
export type MessageBoxMode = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type UiEvent =
  | { type: 'messageBox'; mode: MessageBoxMode; message?: string; onConfirm?: () => void }
  | { type: 'login'; loginType: number }
  | { type: 'systemError' };

type Listener = (e: UiEvent) => void;
const listeners = new Set<Listener>();

export function emitUi(e: UiEvent): void {
  for (const l of listeners) l(e);
}

export function onUi(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function openMessageBox(mode: MessageBoxMode, opts: { message?: string; onConfirm?: () => void } = {}): void {
  emitUi({ type: 'messageBox', mode, ...opts });
}

/** SPEC 4.2: the dialog opens with type 1, or -1 to register. */
export function openLogin(loginType: 1 | -1 = 1): void {
  emitUi({ type: 'login', loginType });
}
