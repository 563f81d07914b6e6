import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { loadOrNull } from '@/lib/api/prefetch';
import { formatDateTime } from '@/lib/format';
import { intParam } from '@/lib/variants/catalogue-paths';
import { siteSegment } from '@/lib/variants';
import { pageMetadata, publicApi, readPublic, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { Cover } from '@/components/cards/Cards';
import { LiveSection } from '@/components/live/LiveSection';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { JsonLd } from '@/components/ui/JsonLd';
import { RichText } from '@/components/ui/RichText';
import { SectionTitle } from '@/components/ui/SectionTitle';
import { detailLinks } from '@/lib/catalogue/variant-rules';
import { MISSING_RECORD_METADATA } from '@/lib/catalogue/not-found-metadata';

export function generateStaticParams() {
  return [];
}

const STATUS = { live: '直播中', upcoming: '即将开始', ended: '已结束' } as const;

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  const l = id ? await readPublic(siteSegment(s.site), s.path('/api/live/detail'), { id }) : null;
  if (!l) return MISSING_RECORD_METADATA;
  return pageMetadata({
    title: l.title,
    description: `${l.teacherName}主讲，${formatDateTime(l.startAt)}开始。${STATUS[l.status]}。`,
    canonical: `/live/detail?id=${l.id}`,
    origin: s.origin,
    siteName: s.title,
    image: l.cover,
  });
}

/**
 * /live/detail?id= : a live class; watching it on air or its replay afterwards credits its recordHours. The page is
 * cached for everyone: what changes with time and viewer (countdown, 直播中, the stream, the replay) is LiveSection's.
 */
export default async function LiveDetailPage({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  if (!id) notFound();
  const { api, qc } = publicApi(s.site);
  const l = await loadOrNull(qc, api, s.path('/api/live/detail'), { id });
  if (!l) notFound();
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="page-width space-y-6 py-6">
        <Breadcrumbs origin={s.origin} items={[{ name: '直播课堂', href: '/live/index' }, { name: l.title }]} />
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'EducationEvent',
            name: l.title,
            startDate: l.startAt,
            endDate: l.endAt,
            eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
            location: { '@type': 'VirtualLocation', url: `${s.origin}/live/detail?id=${l.id}` },
            ...(l.teacher ? { performer: { '@type': 'Person', name: l.teacher.name } } : {}),
          }}
        />
        <header className="grid gap-6 rounded-lg bg-white p-5 shadow-sm md:grid-cols-[360px_minmax(0,1fr)]">
          <Cover src={l.cover} alt={`${l.title}封面`} eager />
          <div className="min-w-0 space-y-2">
            <h1 className="text-2xl font-semibold text-gray-900">{l.title}</h1>
            <p className="text-sm text-gray-700">
              时间：{formatDateTime(l.startAt)} 至 {formatDateTime(l.endAt)}
            </p>
            {l.teacher && (
              <p className="text-sm text-gray-700">
                主讲：
                {detailLinks(s.variant).teacher ? (
                  <Link
                    prefetch={false}
                    href={`/teacher/detail?id=${l.teacher.id}`}
                    className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    {l.teacher.name}
                  </Link>
                ) : (
                  l.teacher.name
                )}{' '}
                {l.teacher.orgName} {l.teacher.title}
              </p>
            )}
            {l.recordHours > 0 && <p className="text-sm text-gray-700">学时：{l.recordHours}学时</p>}
          </div>
        </header>
        <section aria-labelledby="live-watch" className="rounded-lg bg-white p-5 shadow-sm">
          <SectionTitle id="live-watch">{l.status === 'ended' ? '直播回放' : '观看直播'}</SectionTitle>
          <LiveSection
            liveId={l.id}
            initial={l}
            paths={{
              watch: s.path('/api/live/watch'),
              recordHours: s.path('/api/live/recordHours'),
              endClass: s.path('/api/live/finish'),
              streamInfo: s.path('/api/live/streamInfo'),
              streamKeyReset: s.path('/api/live/streamKeyReset'),
              state: s.path('/api/live/replayState'),
              start: s.path('/api/live/replayStart'),
              finish: s.path('/api/live/replayFinish'),
              totalTime: s.path('/api/study/totalTime'),
            }}
          />
        </section>
        <section aria-labelledby="live-intro" className="rounded-lg bg-white p-5 shadow-sm">
          <SectionTitle id="live-intro">直播简介</SectionTitle>
          <RichText html={l.summaryHtml} />
        </section>
      </div>
    </HydrationBoundary>
  );
}
