'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api/browser';
import { apiQueryKey } from '@/lib/api/query';
import { isLoggedIn } from '@/lib/session/client';
import { openMessageBox } from '@/lib/ui/events';
import { openNamedWindow } from '@/lib/ui/named-window';
import { toast } from '@/components/ui/Toaster';
import { CourseFavourite } from '@/components/personal/CourseFavourite';
import { NewWindowHint } from '@/components/ui/NewWindowHint';
import { actionClass, BusyButton } from '@/components/ui/BusyButton';
import { COURSE_TRIAL_SECONDS } from '@/lib/constants';
import { call } from '@/lib/api/core';

/**
 * 选学 / 开始学习 of /course/detail: the learner's own state, loaded after the cached page (docs/design.md §4).
 * 开始学习 opens the player in a named window; a visitor is asked to log in first. Until the course is chosen,
 * 试看 opens the player for the 3-minute trial (visitors too), in the same named window: a plain link, so it
 * works before the page is interactive.
 */
export function CourseActions({ courseId, batch = false }: { courseId: number; batch?: boolean }) {
  const qc = useQueryClient();
  const key = apiQueryKey('/api/course/state', { courseId, viewer: true });
  const state = useQuery({
    queryKey: key,
    queryFn: () => call(api, '/api/course/state', { courseId }),
    staleTime: 0,
  });
  const [busy, setBusy] = useState(false);
  const chosen = state.data?.chosen ?? false;

  const choose = async () => {
    if (!isLoggedIn()) return openMessageBox(1);
    setBusy(true);
    try {
      const next = await call(api, '/api/course/choose', { courseId });
      qc.setQueryData(key, next);
      toast('info', '选学成功，可以开始学习了');
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };
  const start = () => {
    if (!isLoggedIn()) return openMessageBox(1);
    if (!chosen) return openMessageBox(4);
    openNamedWindow(
      `${batch ? '/courseViewBatch' : '/courseView'}?courseId=${courseId}`,
      batch ? 'courseViewBatch' : 'courseView',
    );
  };

  // Until the viewer's state is known, someone signed in sees no buttons rather than a visitor's (选学, 试看) that
  // would change under them a moment later; the space stays (styles/globals.css, SignedInMark).
  const known = state.isSuccess || state.isError;
  return (
    <div
      className="flex flex-wrap items-center gap-3"
      data-viewer-state={known ? 'known' : 'pending'}
      aria-busy={!known}
    >
      {/* One button in both states: the keyboard user who chose stays on it, and hears its new name. */}
      <BusyButton onClick={choose} busy={busy} inactive={chosen} className={actionClass(chosen)}>
        {chosen ? `已选学${state.data && state.data.progress > 0 ? ` · 已学${state.data.progress}%` : ''}` : '选学'}
      </BusyButton>
      <BusyButton
        onClick={start}
        className="rounded border border-brand-700 px-6 py-2 text-brand-700 hover:bg-brand-50"
      >
        {state.data?.progress ? '继续学习' : '开始学习'}
      </BusyButton>
      {!chosen && (
        <a
          href={`${batch ? '/courseViewBatch' : '/courseView'}?courseId=${courseId}`}
          target={batch ? 'courseViewBatch' : 'courseView'}
          className="px-2 py-2 text-brand-700 hover:underline"
        >
          试看{COURSE_TRIAL_SECONDS / 60}分钟
          <NewWindowHint />
        </a>
      )}
      <CourseFavourite
        courseId={courseId}
        className="rounded border border-gray-300 px-4 py-2 text-gray-700 hover:bg-gray-50 aria-disabled:opacity-50"
      />
    </div>
  );
}
