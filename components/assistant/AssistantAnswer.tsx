'use client';

import { useState } from 'react';
import { AI_GENERATED_LABEL } from '@/lib/contract/learning';
import { Markdown } from './markdown';

/** What leaves the panel (copied text): the answer followed by its label, so the label travels with it. */
export function labelledAnswer(text: string): string {
  return `${text.trimEnd()}\n\n（${AI_GENERATED_LABEL}）`;
}

/**
 * One answer of the assistant: its Markdown, the visible 内容由AI生成 label, and 复制 that copies it with the label.
 * A selection copied by hand carries the label too (the copy event's text is replaced).
 */
export function AssistantAnswer({ text, streaming }: { text: string; streaming: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(labelledAnswer(text));
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      /* no clipboard (an insecure origin): the text can still be selected and copied */
    }
  };
  return (
    <div
      onCopy={(e) => {
        const selected = window.getSelection()?.toString() ?? '';
        if (!selected) return;
        e.preventDefault();
        e.clipboardData.setData('text/plain', labelledAnswer(selected));
      }}
    >
      <Markdown text={text} />
      <p className="mt-2 flex items-center justify-between gap-2 border-t border-gray-200 pt-1 text-xs text-gray-600">
        <span data-testid="ai-label">{AI_GENERATED_LABEL}</span>
        {!streaming && (
          <button
            type="button"
            onClick={copy}
            className="min-h-[24px] min-w-[24px] rounded px-2 text-brand-700 underline-offset-2 hover:underline"
          >
            {copied ? '已复制' : '复制'}
          </button>
        )}
      </p>
    </div>
  );
}
