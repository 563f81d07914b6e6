import type { Metadata } from 'next';
import { CreationCentre } from '@/components/creation/CreationCentre';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: '创作中心', robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * The creation centre (SPEC 2.1, 2.3): login required and own id only (proxy.ts); query tab (videoSubmit)
 * and id are read here. Personal by nature, so rendered per request; the work happens in client components.
 */
export default async function CreationPage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  const courseId = /^[1-9]\d{0,9}$/.test(one(q.courseId)) ? Number(one(q.courseId)) : null;
  const ownerId = /^\d{1,10}$/.test(one(q.id)) ? one(q.id) : '';
  return <CreationCentre ownerId={ownerId} tab={one(q.tab)} courseId={courseId} />;
}
