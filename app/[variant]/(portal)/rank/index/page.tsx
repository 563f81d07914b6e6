import type { Metadata } from 'next';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { load } from '@/lib/api/prefetch';
import { formatHoursMinutes } from '@/lib/format';
import { RANK_TITLES } from '@/lib/constants';
import { pageMetadata, publicApi, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { ScrollTable } from '@/components/ui/ScrollTable';
import { SectionTitle } from '@/components/ui/SectionTitle';

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  return pageMetadata({
    title: '学习排行',
    description: `${s.title}本年度学习排行：个人学时、单位学时与单位学习课程数排行。`,
    canonical: '/rank/index',
    origin: s.origin,
    siteName: s.title,
  });
}

/**
 * The scroll region's name differs from its section's heading: two landmarks of one name are indistinguishable.
 * On a phone only the organisation's name wraps; ranks, people's names, counts and hours keep to one line.
 */
function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  const nowrap = (j: number) => (head[j] === '单位' ? '' : 'whitespace-nowrap');
  return (
    <ScrollTable label={`${caption}表格`} hint={false}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {head.map((h, j) => (
              <th key={h} scope="col" className={`px-3 py-2 ${nowrap(j)}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td
                  key={j}
                  className={`px-3 py-2 ${nowrap(j)} ${j === 0 && i < 3 ? 'font-semibold text-brand-700' : ''}`}
                >
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="py-6 text-center text-gray-600">本年度暂无数据</p>}
    </ScrollTable>
  );
}

/** /rank/index: operator, organisation and organisation-course rankings of this year (cached, revalidated). */
export default async function RankPage({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  const { api, qc } = publicApi(s.site);
  const body = { pageSize: 30 };
  const [ops, orgs, orgCourses, total] = await Promise.all([
    load(qc, api, s.path('/api/rank/operator'), body),
    load(qc, api, s.path('/api/rank/org'), body),
    load(qc, api, s.path('/api/rank/orgCourse'), body),
    // SPEC 3's global study time: the academy's effective hours of the year, above its rankings.
    load(qc, api, s.path('/api/study/globalTime'), {}),
  ]);
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="page-width py-6">
        <Breadcrumbs origin={s.origin} items={[{ name: '学习排行' }]} />
        <h1 className="mb-4 text-2xl font-semibold text-gray-900">学习排行</h1>
        {total?.year && (
          <p data-testid="global-study-time" className="mb-4 text-sm text-gray-700">
            全院{total.year}年累计有效学时：线下{total.offLineAllTimeEffectiveFormatSearch}，线上
            {total.onLineAllTimeEffectiveFormatSearch}
          </p>
        )}
        <div className="grid gap-6 lg:grid-cols-3">
          <section aria-labelledby="rank-op" className="rounded-lg bg-white p-5 shadow-sm">
            <SectionTitle id="rank-op">{RANK_TITLES.operator}</SectionTitle>
            <Table
              caption={RANK_TITLES.operator}
              head={['名次', '姓名', '单位', '学时']}
              rows={ops.map((r) => [r.rank, r.operatorName, r.orgName, formatHoursMinutes(r.seconds)])}
            />
          </section>
          <section aria-labelledby="rank-org" className="rounded-lg bg-white p-5 shadow-sm">
            <SectionTitle id="rank-org">{RANK_TITLES.org}</SectionTitle>
            <Table
              caption={RANK_TITLES.org}
              head={['名次', '单位', '人数', '学时']}
              rows={orgs.map((r) => [r.rank, r.orgName, r.learners, formatHoursMinutes(r.seconds)])}
            />
          </section>
          <section aria-labelledby="rank-course" className="rounded-lg bg-white p-5 shadow-sm">
            <SectionTitle id="rank-course">{RANK_TITLES.orgCourse}</SectionTitle>
            <Table
              caption={RANK_TITLES.orgCourse}
              head={['名次', '单位', '课程数']}
              rows={orgCourses.map((r) => [r.rank, r.orgName, r.courseCount])}
            />
          </section>
        </div>
      </div>
    </HydrationBoundary>
  );
}
