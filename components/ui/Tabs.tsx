'use client';

import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K> {
  key: K;
  label: ReactNode;
}

const STEP: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The WAI-ARIA tabs pattern with automatic activation: the tab list is one tab stop (the selected tab), the
 * arrow keys (wrapping), Home and End move to a tab and select it; every tab controls the one panel, which
 * shows the selected tab's content (children) and is labelled by it.
 */
export function Tabs<K extends string | number>({
  label,
  tabs,
  selected,
  onSelect,
  listClassName,
  tabClassName,
  panelClassName,
  children,
}: {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  listClassName?: string;
  tabClassName: (selected: boolean) => string;
  panelClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step = STEP[e.key];
    if (!step) return;
    e.preventDefault();
    const next = step(i, tabs.length);
    refs.current[next]?.focus();
    if (tabs[next].key !== selected) onSelect(tabs[next].key);
  };
  return (
    <>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName}>
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={tabId(t.key)}
            role="tab"
            type="button"
            aria-selected={t.key === selected}
            aria-controls={panelId}
            tabIndex={t.key === selected ? 0 : -1}
            onClick={() => t.key !== selected && onSelect(t.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={tabClassName(t.key === selected)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} tabIndex={0} className={panelClassName}>
        {children}
      </div>
    </>
  );
}
