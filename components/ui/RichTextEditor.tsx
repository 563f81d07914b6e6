'use client';

/**
 * A small rich-text editor for managers' texts (notices): a toolbar over an editable area, and the HTML source for
 * those who paste or write markup. The value is HTML, kept by the allow-list the server's sanitiser uses: what is
 * loaded or pasted is cleaned before it enters the editable area, and the cleaned value is what gets saved, so a
 * hostile notice stays inert in a second manager's session too.
 */
import { type ClipboardEvent, useEffect, useId, useRef, useState } from 'react';
import {
  allowedAttribute,
  RICH_TEXT_DROPPED,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_RENAMED,
  RICH_TEXT_TAGS,
} from '@/lib/rich-text/allow-list';

const TOOLS: { label: string; command: string; arg?: string }[] = [
  { label: '加粗', command: 'bold' },
  { label: '斜体', command: 'italic' },
  { label: '小标题', command: 'formatBlock', arg: 'h3' },
  { label: '正文', command: 'formatBlock', arg: 'p' },
  { label: '项目列表', command: 'insertUnorderedList' },
  { label: '编号列表', command: 'insertOrderedList' },
  { label: '清除格式', command: 'removeFormat' },
];

/** Copies what the allow-list keeps of `from`'s children into `to`, building new HTML elements (never moving parsed ones). */
function keep(from: Node, to: Node, doc: Document): void {
  for (const node of [...from.childNodes]) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    const name = el.localName.toLowerCase();
    if (RICH_TEXT_DROPPED.includes(name)) continue;
    const tag = RICH_TEXT_RENAMED[name] ?? name;
    if (!RICH_TEXT_TAGS.includes(tag)) {
      keep(el, to, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    for (const attr of [...el.attributes]) {
      const value = allowedAttribute(tag, attr.name, attr.value);
      if (value !== null) copy.setAttribute(attr.name, value);
    }
    if (tag === 'img' && !copy.hasAttribute('src')) continue;
    if (tag === 'a') copy.setAttribute('rel', RICH_TEXT_LINK_REL);
    keep(el, copy, doc);
    to.appendChild(copy);
  }
}

/**
 * The markup as the public page would keep it, by the allow-list the server uses (lib/rich-text/allow-list.ts):
 * parsed in an inert document (nothing executes or loads while parsing), then rebuilt element by element from the
 * allowed tags and attributes only, so no handler, no script address and no SVG or MathML survives into the area.
 */
export function inertHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  keep(parsed.body, out.body, out);
  return out.body.innerHTML;
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
    // What is saved is what the area holds: a hostile notice opened and saved again loses what was dropped.
    if (clean !== value) onChange(clean);
  }, [value, source, onChange]);

  // Pasted markup goes through the allow-list before it enters the area (the browser's own paste keeps links as they are).
  const paste = (e: ClipboardEvent<HTMLDivElement>) => {
    const html = e.clipboardData.getData('text/html');
    if (!html) return;
    e.preventDefault();
    document.execCommand('insertHTML', false, inertHtml(html));
    onChange(e.currentTarget.innerHTML);
  };

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
          onPaste={paste}
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
