'use client';
/**
 * 系列专题管理 (issue 25): the series a teacher made, or a manager's units hold (草稿 / 已发布), and the editor of
 * one (its form and its courses). The server checks every call; this screen offers what it would allow.
 */
import { useState } from 'react';
import { SeriesEditor } from './SeriesEditor';
import { SeriesList } from './SeriesList';

export function SeriesAdmin() {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // Back from the editor, the focus goes to the list's heading (not on the first load).
  const [returned, setReturned] = useState(false);
  if (editing !== null)
    return (
      <SeriesEditor
        key={editing}
        seriesId={editing === 'new' ? undefined : editing}
        onCreated={(id) => setEditing(id)}
        onClose={() => {
          setEditing(null);
          setReturned(true);
        }}
      />
    );
  return <SeriesList focusHeading={returned} onEdit={(id) => setEditing(id)} onNew={() => setEditing('new')} />;
}
