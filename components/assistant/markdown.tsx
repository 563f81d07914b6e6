/**
 * The assistant's answers in a small, safe Markdown subset, built as React elements (never as HTML, so
 * whatever the model writes is text): paragraphs and line breaks, **bold**, *italic*, `inline code`,
 * fenced code blocks, bulleted and numbered lists, and [links](https://...) to http(s) addresses only,
 * opened with rel="noopener noreferrer". Anything else, an unfinished fence while the answer streams
 * included, shows as it was written.
 */
import type { ReactNode } from 'react';

// code | bold | italic (* or _, not inside a word) | link
const INLINE =
  /`([^`\n]+)`|\*\*(?=\S)([^*]+?)\*\*|__(?=\S)([^_]+?)__|\*(?=[^\s*])([^*\n]+?)\*|(?<![\p{L}\p{N}_])_(?=[^\s_])([^_\n]+?)_(?![\p{L}\p{N}_])|\[([^\]\n]+)\]\(([^)\s]+)\)/u;

/** An address that may be a link: absolute http(s) only. */
export function safeHref(href: string): string | null {
  try {
    const u = new URL(href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  for (let i = 0; rest; i++) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push(rest);
      break;
    }
    if (m.index > 0) out.push(rest.slice(0, m.index));
    const k = `${key}.${i}`;
    const [whole, code, bold1, bold2, em1, em2, label, href] = m;
    if (code !== undefined) {
      out.push(
        <code key={k} className="rounded bg-gray-200 px-1 font-mono text-[0.9em]">
          {code}
        </code>,
      );
    } else if (bold1 !== undefined || bold2 !== undefined) {
      out.push(<strong key={k}>{inline(bold1 ?? bold2, k)}</strong>);
    } else if (em1 !== undefined || em2 !== undefined) {
      out.push(<em key={k}>{inline(em1 ?? em2, k)}</em>);
    } else {
      const safe = safeHref(href);
      out.push(
        safe ? (
          <a key={k} href={safe} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            {inline(label, k)}
          </a>
        ) : (
          whole
        ),
      );
    }
    rest = rest.slice(m.index + whole.length);
  }
  return out;
}

/** Lines joined with <br>, each with its inline marks. */
function lines(list: string[], key: string): ReactNode[] {
  return list.flatMap((line, i) =>
    i === 0 ? inline(line, `${key}.${i}`) : [<br key={`${key}.br${i}`} />, ...inline(line, `${key}.${i}`)],
  );
}

const FENCE = /^\s*(```|~~~)/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBER = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*)$/;

export function Markdown({ text }: { text: string }) {
  const src = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  while (i < src.length) {
    const line = src[i];
    const key = `b${blocks.length}`;
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < src.length && !src[i].trimStart().startsWith(fence[1])) body.push(src[i++]);
      i++; // the closing fence (or the end of an answer still streaming)
      blocks.push(
        <pre key={key} className="overflow-x-auto rounded bg-gray-800 p-2 text-xs text-gray-100">
          <code>{body.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    if (!line.trim()) {
      i++;
      continue;
    }
    const ordered = NUMBER.exec(line);
    if (ordered || BULLET.test(line)) {
      const pattern = ordered ? NUMBER : BULLET;
      const items: string[][] = [];
      while (i < src.length && src[i].trim()) {
        const m = pattern.exec(src[i]);
        if (m) items.push([ordered ? m[2] : m[1]]);
        else if (/^\s+\S/.test(src[i]) && items.length) items[items.length - 1].push(src[i].trim());
        else break;
        i++;
      }
      const children = items.map((it, n) => <li key={n}>{lines(it, `${key}.${n}`)}</li>);
      blocks.push(
        ordered ? (
          <ol key={key} start={Number(ordered[1])} className="list-decimal space-y-1 pl-5">
            {children}
          </ol>
        ) : (
          <ul key={key} className="list-disc space-y-1 pl-5">
            {children}
          </ul>
        ),
      );
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push(
        <p key={key} className="font-semibold">
          {inline(heading[1], key)}
        </p>,
      );
      i++;
      continue;
    }
    const para: string[] = [];
    while (
      i < src.length &&
      src[i].trim() &&
      !FENCE.test(src[i]) &&
      !BULLET.test(src[i]) &&
      !NUMBER.test(src[i]) &&
      !HEADING.test(src[i])
    )
      para.push(src[i++]);
    blocks.push(<p key={key}>{lines(para, key)}</p>);
  }
  return <>{blocks}</>;
}
