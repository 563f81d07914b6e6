/** Policy document reads (login only: the endpoints ask for a user). */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Page } from '@/lib/contract/home';
import type { PolicyDetail, PolicyItem } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { policies } from '@/lib/server/db/schema';
import { notShown } from '@/lib/server/errors';
import { richText } from '@/lib/server/rich-text';
import { publishedTo } from '../audience';
import { type Scope } from '../scope';
import { iso, offset, page, type Paging } from './shared';

const policyFields = {
  id: policies.id,
  title: policies.title,
  type: policies.type,
  docNo: policies.docNo,
  issuer: policies.issuer,
  publishedAt: policies.publishedAt,
};

export async function policyList(scope: Scope, q: Paging & { type?: number }): Promise<Page<PolicyItem>> {
  const d = await db();
  const where = and(
    publishedTo(policies.audiences, scope.site, scope.platform),
    q.type ? eq(policies.type, q.type) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    d
      .select(policyFields)
      .from(policies)
      .where(where)
      .orderBy(desc(policies.publishedAt), desc(policies.id))
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(policies).where(where),
  ]);
  return page(
    rows.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) })),
    n,
    q,
  );
}

export async function policyDetail(scope: Scope, id: number): Promise<PolicyDetail> {
  const d = await db();
  const [row] = await d
    .select({ ...policyFields, body: policies.body })
    .from(policies)
    .where(and(eq(policies.id, id), publishedTo(policies.audiences, scope.site, scope.platform)));
  if (!row) throw notShown('文件');
  const { body, ...rest } = row;
  return { ...rest, publishedAt: iso(row.publishedAt), bodyHtml: richText(body) };
}
