'use client';
/** What the creation centre loads: the user's courses, and the course being edited. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/** How often the creation centre reads the progress of a transcoding job. */
export const TRANSCODE_POLL_MS = 2000;

export function useMyCourses() {
  return useQuery(apiQuery('/api/resourceFile/myCourses', { pageSize: 50 }));
}

/** The course's basic information and chapters (none asked for a new course); refresh loads them again after a change. */
export function useCourseBasic(courseId: number | null) {
  const qc = useQueryClient();
  const basic = useQuery({
    ...apiQuery('/api/resourceFile/getBasic', { courseId: courseId as number }) /* enabled only with a course */,
    enabled: !!courseId,
    // While a chapter's video is transcoding, its 转码中 NN% is read again every few seconds.
    refetchInterval: (q) =>
      q.state.data?.chapters.some((ch) => ch.transcode && ['queued', 'running'].includes(ch.transcode.state))
        ? TRANSCODE_POLL_MS
        : false,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['/api/resourceFile/getBasic'] });
  return { basic, refresh };
}
