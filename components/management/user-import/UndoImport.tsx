'use client';

/** 撤销本次导入: removes the accounts just made (a mistaken file), after a confirmation, in calls of 1,000. */
import { useState } from 'react';
import { api } from '@/lib/api/browser';
import { call } from '@/lib/api/core';
import { IMPORT_UNDO_MAX } from '@/lib/contract/user-import';

export function UndoImport({ userIds }: { userIds: string[] }) {
  const [stage, setStage] = useState<'idle' | 'confirm' | 'busy' | 'done'>('idle');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const undo = async () => {
    setStage('busy');
    let removed = 0;
    try {
      for (let i = 0; i < userIds.length; i += IMPORT_UNDO_MAX) {
        const r = await call(api, '/api/manage/userImport/undo', { userIds: userIds.slice(i, i + IMPORT_UNDO_MAX) });
        removed += r.removed;
      }
      setStage('done');
      setMessage({ ok: true, text: `已撤销本次导入，删除了${removed}个账号` });
    } catch (err) {
      setStage('idle');
      setMessage({ ok: false, text: err instanceof Error ? err.message : '撤销失败，请重试' });
    }
  };
  const btn = 'rounded border px-3 py-1.5 text-sm';
  return (
    <div className="mt-3">
      {stage === 'idle' && (
        <button
          type="button"
          className={`${btn} border-gray-300 hover:border-red-600`}
          onClick={() => setStage('confirm')}
        >
          撤销本次导入
        </button>
      )}
      {(stage === 'confirm' || stage === 'busy') && (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="确认撤销导入">
          <span className="text-sm text-gray-800">确定删除本次导入的{userIds.length}个账号吗？</span>
          <button
            type="button"
            className={`${btn} border-red-600 bg-red-600 text-white`}
            aria-disabled={stage === 'busy'}
            onClick={() => stage === 'confirm' && void undo()}
          >
            确定
          </button>
          <button type="button" className={`${btn} border-gray-300`} onClick={() => setStage('idle')}>
            取消
          </button>
        </div>
      )}
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`mt-2 text-sm ${message.ok ? 'text-green-700' : 'text-red-700'}`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
