/** Site-level reads (SPEC 7 Site): settings, dictionaries, course types, global study time. */
import { dailyLimitOf } from '../assistant/quota';
import { asc, eq } from 'drizzle-orm';
import type {
  AuditSetting,
  ClientIdInfo,
  CourseTypeNode,
  DictionaryItem,
  GlobalStudyTime,
  PlatformDetail,
  RetrievalContact,
} from '@/lib/contract/home';
import { formatHoursMinutes } from '@/lib/format';
import { siteTitle, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { courseTypes, dictionaries, siteSettings } from '@/lib/server/db/schema';
import type { SessionUser } from '../accounts/sessions';
import { yearOf } from '../scope';
import { studySeconds } from '../learning/study';
import { config } from '@/lib/server/config';

async function setting<T>(key: string, fallback: T): Promise<T> {
  const d = await db();
  const rows = await d
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key))
    .limit(1);
  return (rows[0]?.value as T | undefined) ?? fallback;
}

export async function platformDetail(site: Site): Promise<PlatformDetail> {
  const stored = await setting<Partial<PlatformDetail>>('platformDetail', {});
  return {
    siteName: siteTitle(site),
    studyImage: stored.studyImage ?? '{}',
    homeImage: stored.homeImage ?? '{}',
  };
}

export async function auditSetting(): Promise<AuditSetting> {
  const s = await setting<Partial<AuditSetting>>('auditSetting', {});
  return { isMachine: s.isMachine ?? true, isManual: s.isManual ?? false };
}

export async function stuLogo(): Promise<{ stuLogo: string }> {
  return { stuLogo: await setting<string>('stuLogo', '/logos/student.svg') };
}

/** The passport client ids (SPEC 3), from configuration; empty when single sign-on is not set up. */
export function requestUrlClientId(): ClientIdInfo {
  return {
    httpClientId: config().PASSPORT_HTTP_CLIENT_ID ?? '',
    httpsClientId: config().PASSPORT_HTTPS_CLIENT_ID ?? '',
    redirectUri: config().PASSPORT_REDIRECT_URI ?? '',
  };
}

/**
 * Login type 4's contacts (SPEC 2.6: e-mail, phone, two chat groups), from configuration; a contact that is not
 * configured is left out, so the dialog never shows a made-up address.
 */
export function retrievalContacts(): RetrievalContact[] {
  const c = config();
  const out: RetrievalContact[] = [];
  const email = c.MANUAL_RETRIEVAL_EMAIL?.trim();
  if (email) out.push({ label: '邮箱', value: email, href: `mailto:${email}` });
  const phone = c.MANUAL_RETRIEVAL_PHONE?.trim();
  if (phone) {
    const digits = phone.replace(/[^\d+]/g, '');
    out.push({ label: '电话', value: phone, ...(digits.length >= 7 ? { href: `tel:${digits}` } : {}) });
  }
  for (const part of (c.MANUAL_RETRIEVAL_GROUPS ?? '').split(',').slice(0, 2)) {
    const i = part.indexOf('=');
    const label = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (i > 0 && label && value) out.push({ label, value });
  }
  return out;
}

/** SPEC 1: the assistant is offered only on the main host, to a logged-in user, when one is configured. */
export function isShowLLM(site: Site, user: SessionUser | null): boolean {
  // An allowance of 0 (a role's, or the site's) turns the assistant off for that user.
  return site.variant === 'main' && !site.dx && !!user && !!config().LLM_BASE_URL && dailyLimitOf(user) > 0;
}

export async function dictionaryList(dictType: string): Promise<DictionaryItem[]> {
  const d = await db();
  return d
    .select({ name: dictionaries.name, code: dictionaries.code })
    .from(dictionaries)
    .where(eq(dictionaries.dictType, dictType))
    .orderBy(asc(dictionaries.sort), asc(dictionaries.code));
}

export async function courseTypeTree(categoryCode?: number): Promise<CourseTypeNode[]> {
  const d = await db();
  const rows = await d
    .select({
      id: courseTypes.id,
      name: courseTypes.name,
      parentId: courseTypes.parentId,
      categoryCode: courseTypes.categoryCode,
    })
    .from(courseTypes)
    .where(categoryCode ? eq(courseTypes.categoryCode, categoryCode) : undefined)
    .orderBy(asc(courseTypes.sort), asc(courseTypes.id));
  const nodes = new Map<number, CourseTypeNode>();
  for (const r of rows) nodes.set(r.id, { id: r.id, name: r.name, categoryCode: r.categoryCode, children: [] });
  const roots: CourseTypeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Academy-wide effective study time of a year (SPEC 3: global study time). */
export async function globalStudyTime(year?: number, now: Date = new Date()): Promise<GlobalStudyTime> {
  const y = year ?? yearOf(now);
  const { offline, online } = await studySeconds(y);
  return {
    year: y,
    offLineAllTimeEffectiveFormatSearch: formatHoursMinutes(offline),
    onLineAllTimeEffectiveFormatSearch: formatHoursMinutes(online),
  };
}
