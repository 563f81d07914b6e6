'use client';

import { useEffect, useState } from 'react';
import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { LOGIN_FIRST_MSG, NEED_LOGIN_MSG, SELECT_BEFORE_PLAY_MSG, TRIAL_LIMIT_MSG } from '@/lib/contract/messages';
import { V } from '@/lib/validation/messages';
import { onUi, openLogin, type MessageBoxMode } from '@/lib/ui/events';

/**
 * The seven modes of SPEC 2.7: text, and whether the box offers cancel + login or a single OK. Mode 2 is the notice
 * of the menu's login guard (SPEC 2.3): one 确定, which goes on to the login dialog.
 */
const MODES: Record<MessageBoxMode, { text: string; login: boolean; cancel: boolean }> = {
  1: { text: LOGIN_FIRST_MSG, login: true, cancel: true },
  2: { text: LOGIN_FIRST_MSG, login: true, cancel: false },
  3: { text: TRIAL_LIMIT_MSG, login: false, cancel: false },
  4: { text: SELECT_BEFORE_PLAY_MSG, login: false, cancel: false },
  5: { text: '未找到与关键词相关的内容，请更换关键词后重试', login: false, cancel: false },
  6: { text: NEED_LOGIN_MSG, login: true, cancel: true },
  7: { text: '该账号尚未在本平台注册，请先使用平台账号登录或注册后再扫码', login: false, cancel: false },
};

export interface State {
  mode: MessageBoxMode;
  message?: string;
  onConfirm?: () => void;
}

export function MessageBox({ initial = null }: { initial?: State | null }) {
  const [state, setState] = useState<State | null>(initial);
  useEffect(
    () =>
      onUi((e) => {
        if (e.type === 'messageBox') setState({ mode: e.mode, message: e.message, onConfirm: e.onConfirm });
      }),
    [],
  );
  const close = () => setState(null);
  const mode = state ? MODES[state.mode] : null;
  const confirm = () => {
    const s = state;
    close();
    if (s?.onConfirm) s.onConfirm();
    else if (mode?.login) openLogin(1);
  };
  return (
    <Dialog open={!!state} onClose={close} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl" data-mode={state?.mode}>
          <DialogTitle className="text-lg font-semibold text-gray-900">{V.confirmTitle}</DialogTitle>
          <Description className="mt-3 text-gray-700">{state?.message ?? mode?.text}</Description>
          <div className="mt-6 flex justify-end gap-3">
            {mode?.cancel && (
              <button
                type="button"
                onClick={close}
                className="rounded-md border border-gray-300 px-4 py-1.5 text-gray-700 hover:bg-gray-50"
              >
                {V.confirmCancel}
              </button>
            )}
            {/* The focus starts here (Headless UI's data-autofocus), so Enter answers the box. */}
            <button
              type="button"
              data-autofocus
              onClick={confirm}
              className="rounded-md bg-brand-700 px-4 py-1.5 text-white hover:bg-brand-800"
            >
              {mode?.login && mode.cancel ? '登录' : V.confirmOk}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
