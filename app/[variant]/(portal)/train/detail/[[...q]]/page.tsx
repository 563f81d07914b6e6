import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { TRAIN_TYPES } from '@/lib/constants';
import { loadOrNull } from '@/lib/api/prefetch';
import { formatDate, formatDateTime, imageUrl } from '@/lib/format';
import { intParam } from '@/lib/variants/catalogue-paths';
import { findRoute, siteSegment } from '@/lib/variants';
import { pageMetadata, publicApi, readPublic, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { tagPage } from '@/lib/catalogue/page-tags';
import { Cover } from '@/components/cards/Cards';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { JsonLd } from '@/components/ui/JsonLd';
import { RichText } from '@/components/ui/RichText';
import { ScrollTable } from '@/components/ui/ScrollTable';
import { SectionTitle } from '@/components/ui/SectionTitle';
import { TrainApplyPanel } from '@/components/catalogue/TrainApplyPanel';
import { TrainReviewPanel } from '@/components/catalogue/TrainReviewPanel';
import { TrainStudentsPanel } from '@/components/catalogue/TrainStudentsPanel';
import { TAGS } from '@/lib/cache-tags';
import { MISSING_RECORD_METADATA } from '@/lib/catalogue/not-found-metadata';

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  const t = id ? await readPublic(siteSegment(s.site), s.path('/api/train/detail'), { id }) : null;
  if (!t) return MISSING_RECORD_METADATA;
  return pageMetadata({
    title: t.title,
    description: `${t.orgName}主办，${formatDate(t.startAt)}至${formatDate(t.endAt)}，${t.isOnline ? '线上' : '线下'}，${t.hours}学时。${t.summary}`,
    canonical: `/train/detail?id=${t.id}`,
    origin: s.origin,
    siteName: s.title,
    image: t.cover,
    type: 'article',
  });
}

/** /train/detail?id= : the project, its parts, and the viewer's apply status (SPEC 4.4). */
export default async function TrainDetailPage({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  if (!id) notFound();
  await tagPage(TAGS.train(id));
  const { api, qc } = publicApi(s.site);
  const t = await loadOrNull(qc, api, s.path('/api/train/detail'), { id });
  if (!t) notFound();
  // The enrolled learners' names are for managers: not in the cached page, asked for by a manager's browser.
  const typeName = TRAIN_TYPES.find((x) => x.code === t.type)?.name ?? '';
  const has = (route: string) => !!findRoute(s.variant, route);
  const links = [
    has('/surveyPages/TrainSurvey') && {
      href: `/surveyPages/TrainSurvey?trainId=${id}`,
      label: '信息采集',
      note: '填写参训信息（联系方式、住宿等），便于培训组织安排',
    },
    has('/exam') && { href: `/exam?trainId=${id}`, label: '培训考试', note: '查看本项目的考试安排与成绩' },
    has('/personal/index') && {
      href: '/personal/index?tab=certificates',
      label: '培训证书',
      note: '结业后在个人中心查看和下载证书',
    },
    has('/assess') && { href: `/assess?trainId=${id}`, label: '培训考核', note: '查看培训考核要求与结果' },
  ].filter(Boolean) as { href: string; label: string; note: string }[];

  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="page-width py-6">
        <Breadcrumbs
          origin={s.origin}
          items={[
            { name: '培训项目', href: '/train/index' },
            { name: typeName, href: `/train/index?t=${t.type}` },
            { name: t.title },
          ]}
        />
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'EducationEvent',
            name: t.title,
            description: t.summary,
            startDate: t.startAt,
            endDate: t.endAt,
            eventAttendanceMode: t.isOnline
              ? 'https://schema.org/OnlineEventAttendanceMode'
              : 'https://schema.org/OfflineEventAttendanceMode',
            organizer: { '@type': 'Organization', name: t.orgName },
            location: t.isOnline
              ? { '@type': 'VirtualLocation', url: `${s.origin}/train/detail?id=${t.id}` }
              : { '@type': 'Place', name: t.orgName },
            image: `${s.origin}${imageUrl(t.cover) || '/covers/cover-01.svg'}`,
          }}
        />
        <article className="space-y-6">
          <header className="grid gap-6 rounded-lg bg-white p-5 shadow-sm md:grid-cols-[360px_minmax(0,1fr)]">
            <Cover src={t.cover} alt={`${t.title}封面`} eager />
            <div className="min-w-0 space-y-3">
              <h1 className="text-2xl font-semibold leading-snug text-gray-900">{t.title}</h1>
              <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-gray-700 sm:grid-cols-2">
                <div>
                  <dt className="inline text-gray-500">形式：</dt>
                  <dd className="inline">
                    {typeName} · {t.isOnline ? '线上' : '线下'}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-gray-500">类别：</dt>
                  <dd className="inline">{[t.trainTypeName, t.itemTypeName].filter(Boolean).join(' · ')}</dd>
                </div>
                <div>
                  <dt className="inline text-gray-500">主办单位：</dt>
                  <dd className="inline">
                    {t.orgName}
                    {t.orgSourceName ? `（${t.orgSourceName}）` : ''}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-gray-500">学时：</dt>
                  <dd className="inline">{t.hours}学时</dd>
                </div>
                <div className="sm:col-span-2">
                  <dt className="inline text-gray-500">培训时间：</dt>
                  <dd className="inline">
                    {formatDateTime(t.startAt)} 至 {formatDateTime(t.endAt)}
                  </dd>
                </div>
                <div>
                  <dt className="inline text-gray-500">名额：</dt>
                  <dd className="inline">
                    {t.capacity > 0 ? `${t.capacity}人（已报名${t.applicantCount}人）` : '不限'}
                  </dd>
                </div>
              </dl>
              <TrainApplyPanel
                trainId={t.id}
                visitorStatus={t.applyStatus}
                applyStartAt={t.applyStartAt}
                applyEndAt={t.applyEndAt}
              />
            </div>
          </header>

          <TrainReviewPanel trainId={t.id} />

          <nav aria-label="项目内容" className="flex flex-wrap gap-2 rounded-lg bg-white p-3 text-sm shadow-sm">
            {[
              ['intro', '项目简介'],
              ['schedule', '培训安排'],
              ['assignments', '培训作业'],
              ['students', '学员名单'],
              ['albums', '培训相册'],
              ['summaries', '培训总结'],
              ['more', '问卷·考试·证书'],
            ].map(([href, label]) => (
              <a
                key={href}
                href={`#${href}`}
                className="rounded px-3 py-1 text-gray-700 hover:bg-brand-50 hover:text-brand-700"
              >
                {label}
              </a>
            ))}
          </nav>

          <section id="intro" aria-labelledby="intro-title" className="rounded-lg bg-white p-5 shadow-sm">
            <SectionTitle id="intro-title">项目简介</SectionTitle>
            <RichText html={t.summaryHtml} />
          </section>

          <section id="schedule" aria-labelledby="schedule-title" className="rounded-lg bg-white p-5 shadow-sm">
            <SectionTitle id="schedule-title">培训安排</SectionTitle>
            {t.schedule.length === 0 ? (
              <p className="text-gray-600">暂无安排</p>
            ) : (
              <ScrollTable label="培训日程（可左右滚动）">
                <table className="w-full min-w-[560px] text-left text-sm">
                  <caption className="sr-only">培训日程</caption>
                  <thead className="bg-gray-50 text-gray-700">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        时间
                      </th>
                      <th scope="col" className="px-3 py-2">
                        内容
                      </th>
                      <th scope="col" className="px-3 py-2">
                        授课人
                      </th>
                      <th scope="col" className="px-3 py-2">
                        地点
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {t.schedule.map((i) => (
                      <tr key={i.id}>
                        <td className="whitespace-nowrap px-3 py-2">{i.startAt ? formatDateTime(i.startAt) : ''}</td>
                        <td className="px-3 py-2">{i.title}</td>
                        <td className="px-3 py-2">{i.teacherName}</td>
                        <td className="px-3 py-2">{i.place}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollTable>
            )}
          </section>

          <section id="assignments" aria-labelledby="assign-title" className="rounded-lg bg-white p-5 shadow-sm">
            <SectionTitle id="assign-title">培训作业</SectionTitle>
            {t.assignments.length === 0 ? (
              <p className="text-gray-600">本项目无作业</p>
            ) : (
              <ul className="space-y-3">
                {t.assignments.map((a) => (
                  <li key={a.id}>
                    <h3 className="font-medium text-gray-900">{a.title}</h3>
                    <RichText html={a.bodyHtml} className="text-sm [&_p]:indent-0" />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section id="students" aria-labelledby="students-title" className="rounded-lg bg-white p-5 shadow-sm">
            <SectionTitle id="students-title">学员名单（{t.studentCount}人）</SectionTitle>
            <TrainStudentsPanel trainId={t.id} />
          </section>

          <section id="albums" aria-labelledby="albums-title" className="rounded-lg bg-white p-5 shadow-sm">
            <SectionTitle id="albums-title">培训相册</SectionTitle>
            {t.albums.length === 0 ? (
              <p className="text-gray-600">培训开展后上传相册</p>
            ) : (
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3">
                {t.albums.map((a) => (
                  <li key={a.id}>
                    <figure>
                      {/* eslint-disable-next-line @next/next/no-img-element -- SVG artwork */}
                      <img
                        src={a.imageUrl}
                        alt={a.title}
                        width={320}
                        height={180}
                        loading="lazy"
                        className="aspect-video w-full rounded object-cover"
                      />
                      <figcaption className="mt-1 text-sm text-gray-600">{a.title}</figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section id="summaries" aria-labelledby="summaries-title" className="rounded-lg bg-white p-5 shadow-sm">
            <SectionTitle id="summaries-title">培训总结</SectionTitle>
            {t.summaries.length === 0 ? (
              <p className="text-gray-600">培训结束后发布总结</p>
            ) : (
              t.summaries.map((x) => <RichText key={x.id} html={x.bodyHtml} />)
            )}
          </section>

          <section id="more" aria-labelledby="more-title" className="rounded-lg bg-white p-5 shadow-sm">
            <SectionTitle id="more-title">问卷、考试、证书与考核</SectionTitle>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {links.map((l) => (
                <li key={l.href}>
                  <Link
                    prefetch={false}
                    href={l.href}
                    className="block rounded border border-gray-200 p-4 hover:border-brand-600"
                  >
                    <span className="font-medium text-brand-700">{l.label}</span>
                    <span className="mt-1 block text-sm text-gray-600">{l.note}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </article>
      </div>
    </HydrationBoundary>
  );
}
