'use client';

/**
 * 本单位 (issue 25): the manager's learners with this year's hours against the requirement (SPEC 1), the ones short
 * of it first; filters, totals, the months, pages of 20, and exports of each table. The page around it is cached
 * for everyone; the data loads here, so a learner without the power gets the refusal (1003), never the figures.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { ApiError } from '@/lib/api/core';
import { REQUIRED_OFFLINE_HOURS, REQUIRED_OFFLINE_HOURS_LEADER, REQUIRED_ONLINE_HOURS } from '@/lib/constants';
import type { UnitReport as Report } from '@/lib/contract/management';
import type { UnitFilters } from '@/lib/validation/management';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { UnitFiltersForm } from './UnitFiltersForm';
import { UnitTable } from './UnitTable';
import { MonthChart } from './MonthChart';
import { exportHref } from '../unit-links';
import { ButtonPager, pageCount } from '@/components/ui/ButtonPager';

const PAGE_SIZE = 20;

function Totals({ data }: { data: Report }) {
  const t = data.totals;
  const share = t.learners ? Math.round((t.met / t.learners) * 1000) / 10 : 0;
  const items: [string, string][] = [
    ['学员', `${t.learners}人`],
    ['已达标', `${t.met}人（${share}%）`],
    ['未达标', `${t.learners - t.met}人`],
    ['线上学时合计', `${t.onlineHours}`],
    ['线下学时合计', `${t.offlineHours}`],
    ['完成课程', `${t.coursesCompleted}门次`],
    ['完成培训项目', `${t.trainsCompleted}项次`],
    ['通过考试', `${t.examsPassed}场次`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="合计">
      {items.map(([k, v]) => (
        <div key={k} className="rounded-lg bg-white p-3">
          <dt className="text-xs text-gray-500">{k}</dt>
          <dd className="mt-1 text-lg font-semibold text-gray-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function ExportLinks({ table, filters, label }: { table: 'learners' | 'months'; filters: UnitFilters; label: string }) {
  const cls = 'rounded border border-brand-600 px-3 py-1 text-sm text-brand-700 hover:bg-brand-50';
  return (
    <span className="flex flex-wrap gap-2">
      <a className={cls} href={exportHref(table, 'csv', filters)} download>
        导出{label} CSV
      </a>
      <a className={cls} href={exportHref(table, 'xlsx', filters)} download>
        导出{label} Excel
      </a>
    </span>
  );
}

function Pager({ pageNum, total, onPage }: { pageNum: number; total: number; onPage: (p: number) => void }) {
  return (
    <ButtonPager
      label="学员分页"
      pageNum={pageNum}
      pages={pageCount(total, PAGE_SIZE)}
      onPage={onPage}
      className="mt-4"
    />
  );
}

export function UnitReport() {
  const [filters, setFilters] = useState<UnitFilters>({});
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    ...apiQuery('/api/manage/unitReport', { ...filters, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  if (!data) {
    if (query.error instanceof ApiError && query.error.code === 1003)
      return (
        <p role="alert" className="mt-6 rounded-lg bg-white py-16 text-center text-gray-700">
          {query.error.message}：本单位学时报表仅对本单位的管理员开放。
        </p>
      );
    if (query.isError)
      return <LoadFailed what="本单位学时报表" onRetry={() => query.refetch()} retrying={query.isFetching} />;
    return (
      <div className="mt-6 space-y-3" aria-busy="true" aria-label="本单位学时报表加载中">
        <div className="h-24 animate-pulse rounded-lg bg-gray-100" />
        <div className="h-56 animate-pulse rounded-lg bg-gray-100" />
        <div className="h-64 animate-pulse rounded-lg bg-gray-100" />
      </div>
    );
  }
  const exportFilters = { ...filters, year: data.year };
  return (
    <div className="mt-4 space-y-5" aria-busy={query.isFetching}>
      <p className="text-sm text-gray-600">
        学时要求：线上每年不少于{REQUIRED_ONLINE_HOURS}学时；线下每年不少于{REQUIRED_OFFLINE_HOURS}
        学时，处级及以上领导干部不少于
        {REQUIRED_OFFLINE_HOURS_LEADER}学时。
      </p>
      <UnitFiltersForm
        value={filters}
        orgs={data.orgs}
        thisYear={new Date().getFullYear()}
        onChange={(f) => {
          setFilters(f);
          setPageNum(1);
        }}
      />
      <section aria-labelledby="unit-totals">
        <h2 id="unit-totals" className="mb-2 text-lg font-semibold">
          {data.year}年合计
        </h2>
        <Totals data={data} />
      </section>
      <section aria-labelledby="unit-months" className="rounded-lg bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="unit-months" className="text-lg font-semibold">
            各月进度
          </h2>
          <ExportLinks table="months" filters={exportFilters} label="月度进度" />
        </div>
        <MonthChart months={data.months} learners={data.totals.learners} />
      </section>
      <section aria-labelledby="unit-learners">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id="unit-learners" className="text-lg font-semibold">
            学员学时（未达标在前，共{data.total}人）
          </h2>
          <ExportLinks table="learners" filters={exportFilters} label="学员学时" />
        </div>
        {data.list.length === 0 ? <EmptyState>没有符合条件的学员</EmptyState> : <UnitTable rows={data.list} />}
        <Pager pageNum={pageNum} total={data.total} onPage={setPageNum} />
      </section>
    </div>
  );
}
