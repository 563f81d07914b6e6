'use client';

import { useCallback, useState } from 'react';
import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { V } from '@/lib/validation/messages';

/**
 * A question with 确定 / 取消, in the look of the shell's message box (components/shell/MessageBox); the creation
 * centre and the exam paper ask with it before what cannot be undone, so it is an alertdialog described by its
 * message (read with the title when it opens; the focus starts on 取消).
 */
function ConfirmDialog({ message, onClose }: { message: string; onClose: (ok: boolean) => void }) {
  return (
    <Dialog open role="alertdialog" onClose={() => onClose(false)} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-gray-900">{V.confirmTitle}</DialogTitle>
          <Description className="mt-3 whitespace-pre-line text-gray-700">{message}</Description>
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              data-autofocus
              onClick={() => onClose(false)}
              className="rounded-md border border-gray-300 px-4 py-1.5 text-gray-700 hover:bg-gray-50"
            >
              {V.confirmCancel}
            </button>
            <button
              type="button"
              onClick={() => onClose(true)}
              className="rounded-md bg-brand-700 px-4 py-1.5 text-white hover:bg-brand-800"
            >
              {V.confirmOk}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** `const [confirm, dialog] = useConfirm()`: `await confirm(message)` is true for 确定; render `dialog`. */
export function useConfirm(): [(message: string) => Promise<boolean>, React.ReactNode] {
  const [ask, setAsk] = useState<{ message: string; resolve: (ok: boolean) => void } | null>(null);
  const confirm = useCallback((message: string) => new Promise<boolean>((resolve) => setAsk({ message, resolve })), []);
  const dialog = ask ? (
    <ConfirmDialog
      message={ask.message}
      onClose={(ok) => {
        ask.resolve(ok);
        setAsk(null);
      }}
    />
  ) : null;
  return [confirm, dialog];
}
