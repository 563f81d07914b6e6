'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQueryKey } from '@/lib/api/query';
import { openMessageBox } from '@/lib/ui/events';
import { isLoggedIn } from '@/lib/session/client';
import { PLAYBACK_RATES } from '@/lib/learning/heartbeat-rules';
import type { CourseProgressView, CourseView } from '@/lib/contract/learning';
import { CourseFavourite } from '@/components/personal/CourseFavourite';
import { toast } from '@/components/ui/Toaster';
import { BusyButton } from '@/components/ui/BusyButton';
import { call } from '@/lib/api/core';

interface Props {
  courseId: number;
  course: CourseView;
  batch: boolean;
  chosen: boolean;
  /** The learner's progress in the course, in percent. */
  progress: number;
  rate: number;
  onRate: (rate: number) => void;
  /** After 选学 here (the trial is over with). */
  onChosen: () => void;
}

/** Above the player: the course, the learner's progress in it (or the trial), 收藏, 选学 and the speed. */
export function PlayerHeader({ courseId, course, batch, chosen, progress, rate, onRate, onChosen }: Props) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-700 px-4 py-3">
      <div className="min-w-0">
        <h1 className="truncate text-lg font-semibold">{course.title}</h1>
        <p className="text-sm text-gray-400">
          {course.teacherName && <span>主讲：{course.teacherName} · </span>}
          {chosen ? (
            <span data-testid="course-progress">学习进度 {progress}%</span>
          ) : (
            <span>试看中（{course.trialSeconds / 60}分钟）</span>
          )}
          {batch && <span> · 批量学习</span>}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <CourseFavourite
          courseId={courseId}
          className="rounded border border-gray-600 px-3 py-1.5 text-sm hover:bg-gray-800 aria-disabled:opacity-50"
        />
        <ChooseButton courseId={courseId} chosen={chosen} onChosen={onChosen} />
        <label className="flex items-center gap-1 text-sm">
          <span>倍速</span>
          <select
            aria-label="播放速度"
            value={rate}
            onChange={(e) => onRate(Number(e.target.value))}
            className="rounded border border-gray-600 bg-gray-800 px-2 py-1"
          >
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>
                {r}x
              </option>
            ))}
          </select>
        </label>
      </div>
    </header>
  );
}

/** 选学 while the course is not chosen; the learner's progress in the cache says it is once the server agrees. */
function ChooseButton({ courseId, chosen, onChosen }: { courseId: number; chosen: boolean; onChosen: () => void }) {
  const qc = useQueryClient();
  // 选学 pressed here: the button stays (as 已选学), so the keyboard focus on it is not lost to <body>.
  const [choosing, setChoosing] = useState<'busy' | 'done' | null>(null);

  const choose = async () => {
    if (!isLoggedIn()) {
      openMessageBox(1);
      return;
    }
    setChoosing('busy');
    try {
      const state = await call(api, '/api/course/choose', { courseId });
      qc.setQueryData<CourseProgressView>(
        apiQueryKey('/api/course/progress', { courseId }),
        (old) => ({ ...(old ?? { chapters: [] }), ...state, chapters: old?.chapters ?? [] }) as CourseProgressView,
      );
      onChosen();
      toast('info', '选学成功，可观看课程完整内容');
      setChoosing('done');
    } catch {
      /* the client showed the server's message */
      setChoosing(null);
    }
  };

  if (chosen && choosing !== 'done') return null;
  return (
    <BusyButton
      onClick={choose}
      busy={choosing === 'busy'}
      inactive={chosen}
      className={
        chosen
          ? 'rounded border border-gray-600 px-4 py-1.5 text-gray-300'
          : 'rounded bg-brand-600 px-4 py-1.5 text-white hover:bg-brand-700 aria-disabled:opacity-60'
      }
    >
      {chosen ? '已选学' : '选学'}
    </BusyButton>
  );
}
