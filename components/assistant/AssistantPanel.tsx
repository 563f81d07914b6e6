'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { browserHeaders } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import { ASSISTANT_USER_QUOTA_SPENT_MSG } from '@/lib/contract/messages';
import type { Envelope } from '@/lib/contract/home';
import type { ChatBody, RoutePath } from '@/lib/contract/routes';
import { AssistantAnswer } from './AssistantAnswer';

interface Msg {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * The chat panel: each answer streams in from /api/conversation/chat (the server holds the model's key) and
 * shows in a safe Markdown subset. It sits in the header's white-on-dark tool bar, so it sets its own text
 * colour, and its width in px (1rem is 100 px here): 400 px at most, the window less margins on a phone.
 */
export function AssistantPanel({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [messages, setMessages] = useState<Msg[]>([]);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const abort = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Questions left today: from /api/conversation/quota, then from each answer's header.
  const quota = useQuery({ ...apiQuery('/api/conversation/quota'), staleTime: 0 });
  const [leftAfter, setLeftAfter] = useState<number | null>(null);
  const left = leftAfter ?? quota.data?.left ?? null;
  const spent = left === 0;
  useEffect(() => {
    inputRef.current?.focus();
    return () => abort.current?.abort();
  }, []);

  const ask = async (e: React.FormEvent) => {
    e.preventDefault();
    const question = input.trim();
    if (!question || busy) return;
    const history: Msg[] = [...messages, { role: 'user', content: question }];
    setMessages([...history, { role: 'assistant', content: '' }]);
    setInput('');
    setError('');
    setBusy(true);
    const ctrl = new AbortController();
    abort.current = ctrl;
    try {
      const question: ChatBody = { messages: history.slice(-20) };
      const res = await fetch('/api/conversation/chat' satisfies RoutePath, {
        method: 'POST',
        credentials: 'include',
        headers: { ...browserHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify(question),
        signal: ctrl.signal,
      });
      if ((res.headers.get('content-type') ?? '').includes('application/json') || !res.body) {
        const env = (await res.json().catch(() => null)) as Envelope | null;
        throw new Error(env?.msg || '智能助手暂时无法回答，请稍后再试');
      }
      const leftHeader = res.headers.get('x-assistant-left');
      if (leftHeader !== null) setLeftAfter(Number(leftHeader));
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let answer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        answer += decoder.decode(value, { stream: true });
        setMessages([...history, { role: 'assistant', content: answer }]);
      }
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') return;
      setMessages(history);
      setError(err instanceof Error ? err.message : '智能助手暂时无法回答，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      id="ai-assistant"
      role="dialog"
      aria-labelledby={`${id}-h`}
      className="fixed bottom-24 right-3 z-40 flex max-h-[70vh] w-[min(400px,calc(100vw-24px))] flex-col rounded-lg bg-white text-sm text-gray-800 shadow-2xl ring-1 ring-gray-200 sm:right-6"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <header className="flex items-center justify-between rounded-t-lg bg-brand-700 px-4 py-2 text-white">
        <h2 id={`${id}-h`} className="font-semibold">
          智能助手
        </h2>
        <button type="button" onClick={onClose} className="px-2 text-lg" aria-label="关闭智能助手">
          ×
        </button>
      </header>
      <div className="flex-1 space-y-3 overflow-y-auto p-4 text-sm" aria-live="polite">
        {messages.length === 0 && (
          <p className="text-gray-600">您好！我是学习助手，可以为您解答课程、培训和学习中的问题。</p>
        )}
        {messages.map((m, i) => (
          <div
            key={i}
            className={
              m.role === 'user'
                ? 'ml-8 whitespace-pre-wrap wrap-anywhere rounded bg-brand-50 p-2 text-gray-900'
                : 'mr-8 space-y-2 wrap-anywhere rounded bg-gray-100 p-2 text-gray-900'
            }
            data-role={m.role}
          >
            <span className="sr-only">{m.role === 'user' ? '我：' : '助手：'}</span>
            {m.role === 'user' ? (
              m.content
            ) : m.content ? (
              <AssistantAnswer text={m.content} streaming={busy && i === messages.length - 1} />
            ) : busy && i === messages.length - 1 ? (
              '正在思考…'
            ) : (
              ''
            )}
          </div>
        ))}
        {error && (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        )}
      </div>
      {left !== null && (
        <p className="border-t border-gray-100 px-3 pt-2 text-xs text-gray-600" aria-live="polite">
          {spent ? ASSISTANT_USER_QUOTA_SPENT_MSG : `今日还可提问 ${left} 次`}
        </p>
      )}
      <form onSubmit={ask} className="flex gap-2 p-3">
        <label htmlFor={`${id}-q`} className="sr-only">
          输入问题
        </label>
        <textarea
          id={`${id}-q`}
          ref={inputRef}
          rows={2}
          value={input}
          maxLength={2000}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder="请输入您的问题"
          className="flex-1 resize-none rounded border border-gray-300 bg-white p-2 text-gray-900 placeholder:text-gray-500"
        />
        <button
          type="submit"
          disabled={busy || spent || !input.trim()}
          className="self-end rounded bg-brand-700 px-4 py-2 text-white disabled:opacity-60"
        >
          发送
        </button>
      </form>
    </section>
  );
}
