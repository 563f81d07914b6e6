/** The personal centre's tabs (SPEC 2.1): shared by its cached page (app/…/personal/index) and the tabs' client part. */
export const PERSONAL_TABS = [
  ['archive', '学习档案'],
  ['courses', '我的课程'],
  ['trains', '培训项目'],
  ['exams', '我的考试'],
  ['certificates', '我的证书'],
  ['favourites', '我的收藏'],
  ['settings', '账号设置'],
] as const;
export type PersonalTab = (typeof PERSONAL_TABS)[number][0];

/** The call every tab but 账号设置 reads; 收藏 and 申请证书 mark it stale after their writes. */
export const ARCHIVE_PATH = '/api/personal/archive';

/** ?tab= names the tab shown; anything else shows the archive. */
export const personalTabOf = (t: string | undefined): PersonalTab =>
  PERSONAL_TABS.some(([k]) => k === t) ? (t as PersonalTab) : 'archive';

/** ?year= of the archive, when it is a plausible year. */
export function personalYearOf(v: string | undefined): number | undefined {
  const y = Number(v);
  return Number.isInteger(y) && y >= 2000 && y <= 2100 ? y : undefined;
}

/** A tab's address; the archive keeps its year, the other tabs list everything whatever the year. */
export const personalHref = (t: PersonalTab, year?: number) =>
  `/personal/index?tab=${t}${t === 'archive' && year ? `&year=${year}` : ''}`;
