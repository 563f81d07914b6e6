'use client';

import { useId } from 'react';
import type { PlayRendition } from '@/lib/contract/learning';
import type { Quality } from './use-hls';

/**
 * 清晰度: 自动 and the chapter's renditions (流畅 360p, 高清 720p, 超清 1080p; only those that exist). A native select:
 * reachable and operable by keyboard, and the phone's own picker on a small screen.
 */
export function QualityMenu({
  renditions,
  quality,
  onChange,
}: {
  renditions: PlayRendition[];
  quality: Quality;
  onChange: (q: Quality) => void;
}) {
  const id = useId();
  if (renditions.length === 0) return null;
  const current =
    quality === 'auto'
      ? 'auto'
      : String([...renditions].sort((a, b) => b.height - a.height).find((r) => r.height <= quality)?.height ?? 'auto');
  return (
    <span className="inline-flex items-center gap-1 text-sm text-gray-300">
      <label htmlFor={id}>清晰度</label>
      <select
        id={id}
        data-testid="quality"
        value={current}
        onChange={(e) => onChange(e.target.value === 'auto' ? 'auto' : Number(e.target.value))}
        className="rounded border border-gray-600 bg-gray-800 px-2 py-1 text-gray-100"
      >
        <option value="auto">自动</option>
        {renditions.map((r) => (
          <option key={r.name} value={String(r.height)}>
            {r.label}
            {` ${r.height}P`}
          </option>
        ))}
      </select>
    </span>
  );
}
