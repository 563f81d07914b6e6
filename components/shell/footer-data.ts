/** Footer content (SPEC 1). The counts are asserted against lib/constants in the unit tests. */
import { findRoute, type Variant } from '@/lib/variants';

export const NATIONAL_BASES = [
  '国家级专业技术人员继续教育基地（物理研究所）',
  '国家级专业技术人员继续教育基地（化学研究所）',
  '国家级专业技术人员继续教育基地（计算技术研究所）',
  '国家级专业技术人员继续教育基地（地理科学与资源研究所）',
  '国家级专业技术人员继续教育基地（生物物理研究所）',
  '国家级专业技术人员继续教育基地（大气物理研究所）',
  '国家级专业技术人员继续教育基地（自动化研究所）',
  '国家级专业技术人员继续教育基地（植物研究所）',
  '国家级专业技术人员继续教育基地（力学研究所）',
] as const;

export const ACADEMY_BASES = [
  '院级继续教育基地（空天信息创新研究院）',
  '院级继续教育基地（微电子研究所）',
  '院级继续教育基地（海洋研究所）',
  '院级继续教育基地（动物研究所）',
  '院级继续教育基地（声学研究所）',
  '院级继续教育基地（软件研究所）',
  '院级继续教育基地（半导体研究所）',
] as const;

/** SPEC 1: three special training columns; a host lacking one of them gets the nearest training pages it has. */
export const SPECIAL_COLUMNS = [
  { label: '新入职人员培训', href: '/newEmployee/Train' },
  { label: '培训评估', href: '/assess' },
  { label: '考试信息', href: '/exam' },
] as const;
const NEAREST_COLUMNS = [
  { label: '学术报告', href: '/train/index?t=5002' },
  { label: '培训项目', href: '/train/index?t=5001' },
  { label: '系列专题', href: '/series/index' },
] as const;

/** The host's three special training columns: only pages of its route set. */
export function specialColumns(variant: Variant): { label: string; href: string }[] {
  return [...SPECIAL_COLUMNS, ...NEAREST_COLUMNS].filter((c) => findRoute(variant, c.href.split('?')[0])).slice(0, 3);
}

/** SPEC 1: the academy's other sites, by name; their addresses are the deployment's (PORTAL_OTHER_SITES). */
export const OTHER_SITE_NAMES = ['院门户网站', '院人事教育网', '院党建网'] as const;

/**
 * PORTAL_OTHER_SITES (`院门户网站=https://...,院党建网=https://...`) lists the other sites with their addresses;
 * without it the names are shown without links (no made-up address is ever linked).
 */
export function otherSites(
  spec: string | undefined = process.env.PORTAL_OTHER_SITES,
): { label: string; href: string | null }[] {
  const configured = (spec ?? '')
    .split(',')
    .map((part) => {
      const i = part.indexOf('=');
      return { label: part.slice(0, i).trim(), href: part.slice(i + 1).trim() };
    })
    .filter((x) => x.label && /^https?:\/\/\S+$/i.test(x.href));
  return configured.length > 0 ? configured : OTHER_SITE_NAMES.map((label) => ({ label, href: null }));
}

/** Contact details; the e-mail line only when PORTAL_CONTACT_EMAIL is set. */
export function contactLines(email: string | undefined = process.env.PORTAL_CONTACT_EMAIL): string[] {
  const mail = email?.trim();
  return [
    '地址：北京市海淀区中关村北一条',
    '邮编：100190',
    '电话：010-6259 7114',
    ...(mail && /^[^\s@]+@[^\s@]+$/.test(mail) ? [`邮箱：${mail}`] : []),
    '服务时间：工作日 8:30-17:30',
  ];
}
