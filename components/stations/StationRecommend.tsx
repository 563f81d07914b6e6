'use client';

import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CourseCardView } from '@/components/cards/Cards';
import { apiQuery } from '@/lib/api/query';
import { isLoggedIn } from '@/lib/session/client';
import { openStationDialog } from '@/components/account/management';

const noop = () => () => {};

/**
 * Courses recommended for the learning stations the user bound (the post-station dialog of the accounts
 * work). Personal, so loaded in the browser under the cached home page; nothing shows without stations.
 * 修改岗位 opens the same dialog with the bound stations ticked; saving there reloads the recommendations.
 */
export function StationRecommend() {
  const loggedIn = useSyncExternalStore(noop, isLoggedIn, () => false);
  const rec = useQuery({ ...apiQuery('/api/station/recommend', { pageSize: 8 }), enabled: loggedIn });
  if (!loggedIn || !rec.data || rec.data.stations.length === 0) return null;
  return (
    <section aria-labelledby="station-recommend" className="rounded-lg bg-white p-5 shadow-sm">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2 border-b border-gray-100 pb-3">
        <h2 id="station-recommend" className="module-title">
          岗位推荐
        </h2>
        <p className="text-sm text-gray-600">
          根据您的学习岗位：{rec.data.stations.map((s) => s.stationName).join('、')}
          <button type="button" onClick={openStationDialog} className="ml-3 text-brand-700 hover:underline">
            修改岗位
          </button>
        </p>
      </div>
      {rec.data.courses.length === 0 ? (
        <p className="py-6 text-center text-gray-600">暂无新的推荐课程。</p>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {rec.data.courses.map((c) => (
            <CourseCardView key={c.id} course={c} />
          ))}
        </div>
      )}
    </section>
  );
}
