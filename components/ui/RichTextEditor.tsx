'use client';

/**
 * A small rich-text editor for managers' texts (notices): a toolbar over an editable area, and the HTML source for
 * those who paste or write markup. The value is HTML; the server sanitises it on saving as the public page does, so
 * this only keeps what the manager sees inert (no scripts or handlers run while editing).
 */
import { useEffect, useId, useRef, useState } from 'react';

const TOOLS: { label: string; command: string; arg?: string }[] = [
  { label: '加粗', command: 'bold' },
  { label: '斜体', command: 'italic' },
  { label: '小标题', command: 'formatBlock', arg: 'h3' },
  { label: '正文', command: 'formatBlock', arg: 'p' },
  { label: '项目列表', command: 'insertUnorderedList' },
  { label: '编号列表', command: 'insertOrderedList' },
  { label: '清除格式', command: 'removeFormat' },
];

const DROPPED = 'script,style,iframe,object,embed,link,meta,base,form';

/** The markup with what could run or load removed, parsed in an inert document (nothing executes while parsing). */
export function inertHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(DROPPED).forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const scripted = /^\s*(javascript|vbscript|data):/i.test(attr.value) && (name === 'href' || name === 'src');
      if (name.startsWith('on') || scripted) el.removeAttribute(attr.name);
    }
  });
  return doc.body.innerHTML;
}

export function RichTextEditor({
  label,
  value,
  onChange,
  hint,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  hint?: string;
  invalid?: boolean;
}) {
  const id = useId();
  const area = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(false);

  // The area is uncontrolled while it has the focus (re-rendering it would move the caret); the value is written
  // into it when it changes from outside: a notice loaded, or the source edited.
  useEffect(() => {
    const el = area.current;
    if (!el || source || el.ownerDocument.activeElement === el) return;
    const clean = inertHtml(value);
    if (el.innerHTML !== clean) el.innerHTML = clean;
  }, [value, source]);

  const run = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(command, false, arg);
    if (area.current) onChange(area.current.innerHTML);
  };
  const link = () => {
    const href = window.prompt('链接地址（http:// 或 https:// 开头，或本站路径）', 'https://');
    if (href && /^(https?:\/\/|\/)/i.test(href.trim())) run('createLink', href.trim());
  };
  const button = 'rounded border border-gray-300 bg-white px-2 py-1 text-xs hover:border-brand-600 disabled:opacity-50';
  return (
    <div>
      <span id={`${id}-label`} className="block text-sm text-gray-700">
        {label}
      </span>
      <div role="toolbar" aria-label={`${label}格式`} className="mt-1 flex flex-wrap gap-1">
        {TOOLS.map((t) => (
          <button
            key={t.label}
            type="button"
            className={button}
            disabled={source}
            // Keep the selection in the area: a click would otherwise move the focus to the button first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(t.command, t.arg)}
          >
            {t.label}
          </button>
        ))}
        <button
          type="button"
          className={button}
          disabled={source}
          onMouseDown={(e) => e.preventDefault()}
          onClick={link}
        >
          链接
        </button>
        <button type="button" className={`${button} ml-auto`} onClick={() => setSource(!source)} aria-pressed={source}>
          HTML源码
        </button>
      </div>
      {source ? (
        <textarea
          aria-label={`${label}（HTML）`}
          aria-describedby={hint ? `${id}-hint` : undefined}
          aria-invalid={invalid || undefined}
          className="mt-1 block min-h-48 w-full rounded border border-gray-300 px-2 py-1.5 font-mono text-sm"
          rows={10}
          maxLength={20000}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <div
          ref={area}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-describedby={hint ? `${id}-hint` : undefined}
          aria-invalid={invalid || undefined}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          className="mt-1 min-h-48 w-full rounded border border-gray-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none [&_a]:text-brand-700 [&_a]:underline [&_h3]:my-2 [&_h3]:text-base [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_ul]:list-disc [&_ul]:pl-6"
          onInput={(e) => onChange(e.currentTarget.innerHTML)}
          onBlur={(e) => onChange(e.currentTarget.innerHTML)}
        />
      )}
      {hint && (
        <span id={`${id}-hint`} className="mt-1 block text-xs text-gray-600">
          {hint}
        </span>
      )}
    </div>
  );
}
