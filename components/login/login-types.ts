/** The login dialog's modes (SPEC 2.6 login types, -1 to 17): which exist, each one's title and its width. */
import { LOGIN_DIALOG_WIDTH_REM } from '@/lib/constants';
import type { LoginExtra, LoginType } from '@/lib/ui/events';

/** One of the platform accounts a passport matches (type 14). */
export type MatchItem = NonNullable<LoginExtra['list']>[number];

const LOGIN_TYPES: readonly LoginType[] = [-1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
export const isLoginType = (t: number): t is LoginType => (LOGIN_TYPES as readonly number[]).includes(t);

const NARROW: readonly LoginType[] = [5, 6, 8, 12, 13];
const WIDE: readonly LoginType[] = [-1, 17];
export function dialogWidthRem(type: LoginType): number {
  if (WIDE.includes(type)) return LOGIN_DIALOG_WIDTH_REM.wide;
  if (NARROW.includes(type)) return LOGIN_DIALOG_WIDTH_REM.narrow;
  return LOGIN_DIALOG_WIDTH_REM.normal;
}

export function titleOf(type: LoginType, site: string): string {
  switch (type) {
    case -1:
      return '用户注册';
    case 2:
      return '扫码登录';
    case 3:
      return '找回密码';
    case 4:
      return '人工找回';
    case 5:
      return '邮件已发送';
    case 6:
      return '链接已失效';
    case 7:
      return '设置新密码';
    case 8:
      return '密码修改成功';
    case 9:
    case 10:
    case 11:
      return '完善个人信息';
    case 12:
      return '已关联科技云通行证';
    case 13:
      return '关联科技云通行证';
    case 14:
      return '选择登录账号';
    case 15:
      return '账号登录';
    case 16:
      return '关联平台账号';
    case 17:
      return '考试登录';
    default:
      return `登录${site}`;
  }
}
