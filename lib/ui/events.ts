/**
 * Shell-wide UI events: the message box of SPEC 2.7 and the login dialog are opened from anywhere
 * (a nav entry, the player, the API client's re-login flow) without prop drilling.
 */
export type MessageBoxMode = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type UiEvent =
  | { type: 'messageBox'; mode: MessageBoxMode; message?: string; onConfirm?: () => void }
  | { type: 'login'; loginType: number; extra?: LoginExtra }
  /** Withdraws a message box of this mode that is open or about to open (its page is gone). */
  | { type: 'closeMessageBox'; mode: MessageBoxMode }
  | { type: 'systemError' }
  /** The post-station dialog (SPEC 2.4); see shouldPromptStations in components/account/management. */
  | { type: 'postStation' };

/** SPEC 2.6: the login dialog's modes, -1 (register) and 1 to 17. */
export type LoginType = -1 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17;

/** What a mode needs from whoever opens it (a link's token, the passport's answer, a train resource). */
export interface LoginExtra {
  resetToken?: string;
  passport?: { code: string; state: string; iss?: string };
  /** Back from CAS: the service ticket and the one-time state of the service address. */
  cas?: { ticket: string; casState: string };
  /** Back from WeChat's QR login (type 17): its code and state; then the identity waiting to be bound. */
  wx?: { code: string; state: string };
  wxLoginIO?: string;
  wxName?: string;
  esLoginIO?: string;
  userID?: string;
  list?: { address: string; operatorName: string; userID: string }[];
  resourceId?: number;
  /** The mode that follows when this one is closed or saved (the passport-link prompt after perfect info). */
  next?: LoginType | null;
}

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

/** SPEC 4.2: the dialog opens with type 1, or -1 to register; any type of SPEC 2.6 may be asked for (17: exam login). */
export function openLogin(loginType: LoginType | number = 1, extra?: LoginExtra): void {
  emitUi({ type: 'login', loginType, extra });
}
