import type { Metadata } from 'next';
import { RegisterLanding } from '@/components/account/RegisterLanding';

/** Personal by nature (a token or number in the query): rendered per request, never cached. */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: '用户注册', robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * /register (SPEC 2.1): registration, for a train resource with the query id (resourceId, resourceType=1),
 * and the target of the activation e-mail (?activateToken=...).
 */
export default async function RegisterPage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  const id = Number(one(q.id));
  const activateToken = one(q.activateToken);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <RegisterLanding
        resourceId={Number.isInteger(id) && id > 0 ? id : undefined}
        activateToken={activateToken?.slice(0, 200)}
      />
    </div>
  );
}
