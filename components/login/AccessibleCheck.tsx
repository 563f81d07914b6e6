'use client';
/**
 * 无障碍验证: the captcha answered without reading the image (lib/captcha/pow.ts). A button any keyboard or screen
 * reader user can press; the browser works out the answer, puts it in the captcha field and says so in a live region.
 */
import { useEffect, useRef, useState } from 'react';
import { solvePow } from '@/lib/captcha/pow';
import type { CaptchaImage } from '@/lib/contract/accounts';
import { linkButton } from './field-styles';

type State = 'idle' | 'working' | 'done' | 'failed';

const STATUS: Record<State, string> = {
  idle: '',
  working: '正在进行无障碍验证，请稍候…',
  done: '无障碍验证已完成，可以直接提交',
  failed: '无障碍验证未完成，请重试或换一张验证码',
};

export function AccessibleCheck({
  captcha,
  onSolved,
}: {
  captcha: CaptchaImage | null;
  onSolved: (code: string) => void;
}) {
  // The state belongs to one captcha: a new one (after a refusal or a refresh) starts idle and needs a new answer.
  const [run, setRun] = useState<{ uuid: string; state: State } | null>(null);
  const state: State = captcha && run?.uuid === captcha.uuid ? run.state : 'idle';
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), [captcha?.uuid]);

  const start = async () => {
    if (!captcha || state === 'working') return;
    const { uuid } = captcha;
    const ctrl = new AbortController();
    abort.current = ctrl;
    setRun({ uuid, state: 'working' });
    try {
      const code = await solvePow(uuid, captcha.pow, ctrl.signal);
      if (ctrl.signal.aborted) return;
      if (!code) return setRun({ uuid, state: 'failed' });
      onSolved(code);
      setRun({ uuid, state: 'done' });
    } catch {
      setRun({ uuid, state: 'failed' });
    }
  };

  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
      <button
        type="button"
        onClick={() => void start()}
        disabled={!captcha || state === 'working'}
        className={`${linkButton} min-h-[24px] disabled:opacity-60`}
      >
        看不清？使用无障碍验证（无需看图）
      </button>
      <span role="status" className={state === 'failed' ? 'text-red-700' : 'text-gray-700'}>
        {STATUS[state]}
      </span>
    </div>
  );
}
