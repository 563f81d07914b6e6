import type { Metadata } from 'next';
import Link from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { GENDERS, TEACHER_TYPES } from '@/lib/constants';
import { spaceHref } from '@/lib/spaces/links';
import { loadOrNull } from '@/lib/api/prefetch';
import { intParam } from '@/lib/variants/catalogue-paths';
import { findRoute, siteSegment } from '@/lib/variants';
import { pageMetadata, publicApi, readPublic, siteOfParams, type CatalogueParams } from '@/lib/catalogue/server';
import { tagPage } from '@/lib/catalogue/page-tags';
import { Breadcrumbs } from '@/components/ui/Breadcrumbs';
import { JsonLd } from '@/components/ui/JsonLd';
import { RichText } from '@/components/ui/RichText';
import { SectionTitle } from '@/components/ui/SectionTitle';
import { CourseList } from '@/components/catalogue/Lists';
import { TAGS } from '@/lib/cache-tags';
import { MISSING_RECORD_METADATA } from '@/lib/catalogue/not-found-metadata';

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: { params: CatalogueParams }): Promise<Metadata> {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  const t = id ? await readPublic(siteSegment(s.site), s.path('/api/tchrBaseinfo/detail'), { id }) : null;
  if (!t) return MISSING_RECORD_METADATA;
  return pageMetadata({
    title: `${t.name} ${t.title}`,
    description: `${t.orgName}${t.title}，研究方向：${t.field}。主讲${t.courseCount}门课程。`,
    canonical: `/teacher/detail?id=${t.id}`,
    origin: s.origin,
    siteName: s.title,
    image: t.avatar,
  });
}

/** /teacher/detail?id= : profile and courses. */
export default async function TeacherDetailPage({ params }: { params: CatalogueParams }) {
  const s = await siteOfParams(params);
  const id = intParam(s.query, 'id');
  if (!id) notFound();
  await tagPage(TAGS.courses);
  const { api, qc } = publicApi(s.site);
  const path = s.path('/api/tchrBaseinfo/detail');
  const t = await loadOrNull(qc, api, path, { id });
  if (!t) notFound();
  const listPath = `${path}#courses` as const;
  qc.setQueryData([listPath, { id }], {
    list: t.courses,
    total: t.courses.length,
    pageNum: 1,
    pageSize: t.courses.length,
  });
  const type = TEACHER_TYPES.find((x) => x.code === t.type);
  const hasList = !!findRoute(s.variant, '/teacher/index');
  const hasSpace = !!findRoute(s.variant, '/space/teacher');
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="page-width space-y-6 py-6">
        <Breadcrumbs
          origin={s.origin}
          items={[
            { name: '师资资源', href: hasList ? '/teacher/index' : undefined },
            ...(type && hasList ? [{ name: type.name, href: `/teacher/index?t=${type.code}` }] : []),
            { name: t.name },
          ]}
        />
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'Person',
            name: t.name,
            jobTitle: t.title,
            worksFor: { '@type': 'Organization', name: t.orgName },
            knowsAbout: t.field,
          }}
        />
        <header className="flex flex-col gap-5 rounded-lg bg-white p-5 shadow-sm sm:flex-row">
          {/* eslint-disable-next-line @next/next/no-img-element -- small SVG avatars */}
          <img
            src={t.avatar || '/avatars/default.svg'}
            alt={`${t.name}照片`}
            width={128}
            height={128}
            className="h-32 w-32 shrink-0 rounded-full bg-gray-100"
          />
          <div className="min-w-0 space-y-2">
            <h1 className="text-2xl font-semibold text-gray-900">
              {t.name} <span className="text-base font-normal text-gray-600">{t.title}</span>
            </h1>
            <p className="text-sm text-gray-700">
              {type?.name} · {t.orgName} · {GENDERS[t.gender as 1 | 2] ?? ''}
            </p>
            <p className="text-sm text-gray-700">研究方向：{t.field}</p>
            <RichText html={t.introHtml} className="text-[15px] leading-7 [&_p]:indent-0" />
            {hasSpace && (
              <Link
                prefetch={false}
                href={spaceHref('teacher', t.id)}
                className="inline-block rounded border border-brand-700 px-4 py-1.5 text-sm text-brand-800 hover:bg-brand-50"
              >
                进入教师空间
              </Link>
            )}
          </div>
        </header>
        <section aria-labelledby="teacher-courses" className="rounded-lg bg-white p-5 shadow-sm">
          <SectionTitle id="teacher-courses">主讲课程（{t.courses.length}）</SectionTitle>
          <CourseList path={listPath} body={{ id }} what="主讲课程" />
        </section>
      </div>
    </HydrationBoundary>
  );
}
