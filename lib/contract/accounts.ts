/** Shapes the accounts endpoints answer with that no page model shares (sign-in ways, stations, settings). */
import type { LoginResult, UserInfo } from './home';

/** myInfo: the header's user and what the settings page edits. */
export type MyInfo = UserInfo & { positionLevel: number; email: string; gender: number };

/** The desktop's poll of a QR-code login: confirmed carries the sign-in. */
export type QrPoll = { status: 'waiting' | 'scanned' | 'cancelled' } | ({ status: 'confirmed' } & SignInAnswer);

/** The phone's scan: whether it must sign in first, and whose account it confirms for. */
/** The desktop that asked for a QR ticket, as the ticket recorded it (shown on the phone before 确认登录). */
export type QrDevice = { host: string; browser: string; system: string; address: string; requestedAt: string };
export type QrScan =
  | {
      status: string;
      needLogin: boolean;
      operatorName?: undefined;
      orgName?: undefined;
      userID?: undefined;
      device?: QrDevice;
    }
  | { status: string; needLogin: boolean; operatorName: string; orgName: string; userID: string; device?: QrDevice };

/** An account a passport identity may belong to (type 14). */
export interface MatchItem {
  address: string;
  operatorName: string;
  userID: string;
}

/** A passport sign-in: signed in, or the dialog type (12, 14-16) to open next. */
export type LoginByESResult =
  | ({ type: 'login' } & SignInAnswer)
  | { type: 12 }
  | { type: 14; esLoginIO: string; list: MatchItem[] }
  | { type: 15; esLoginIO: string; userID: string }
  | { type: 16; esLoginIO: string; esName: string };

/** getWXCode: what the page needs to show WeChat's QR login (type 17), when WeChat login is configured. */
export type WxCode =
  | { enabled: false }
  | { enabled: true; appid: string; scope: 'snsapi_login'; redirect_uri: string; state: string; url: string };

/** getToken: signed in, or a WeChat identity bound to no account yet (the user signs in once to bind it). */
export type LoginByWXResult =
  ({ type: 'login' } & SignInAnswer) | { type: 'bind'; wxLoginIO: string; nickname: string };

export interface StationItem {
  stationId: number;
  stationName: string;
  summary: string;
  stationImgUrl: string;
  bound: boolean;
}

/** The captcha's proof of work (lib/captcha/pow.ts): the hex SHA-256 of `${uuid}:${n}` for a secret n below max. */
export interface PowChallenge {
  challenge: string;
  max: number;
}

/** The captcha; answer only with PORTAL_TEST_HOOKS=1 (end-to-end tests and the benchmark read it). */
export interface CaptchaImage {
  uuid: string;
  codeBase64: string;
  /** The accessible alternative to reading the image (lib/captcha/pow.ts). */
  pow: PowChallenge;
  answer?: string;
}

// --- TOTP second factor (issue 38) ---

/**
 * A first factor passed by an account with the second factor: no session yet. The browser asks for the code and
 * sends it with the ticket to loginBySecondFactor, which answers the LoginResult the first factor would have.
 */
export interface TotpChallenge {
  secondFactor: 'totp';
  totpTicket: string;
  /** Milliseconds the ticket stays valid. */
  expiresIn: number;
}

/** What a first factor answers: signed in, or the second step to take. */
export type SignInAnswer = LoginResult | TotpChallenge;

export const isTotpChallenge = (a: object): a is TotpChallenge => (a as Partial<TotpChallenge>).secondFactor === 'totp';

/** Management calls of an account whose role requires the second factor and that has not enrolled: go and enrol. */
export const CODE_TOTP_ENROL = 1031;
/** Where an account is sent to enrol: the personal centre's account settings, its 两步验证 section. */
export const TOTP_SETTINGS_PATH = '/personal/index?tab=settings#totp';
/** Management calls of a session that did not pass the second factor: sign in again with it. */
export const CODE_TOTP_REQUIRED = 1032;
/** loginBySecondFactor without a code, from a browser that is not remembered: ask for the code. */
export const CODE_TOTP_CODE_NEEDED = 1033;

export const TOTP_MSG = {
  enrolFirst: '您的管理角色要求启用两步验证，请先在个人中心绑定身份验证器',
  passFirst: '管理操作需要两步验证，请退出后重新登录并输入验证码',
  codeNeeded: '请输入身份验证器上的6位验证码',
  wrongCode: '验证码错误，请重新输入',
  wrongRecovery: '恢复码错误或已使用',
  ticketExpired: '登录已超时，请重新登录',
  alreadyEnrolled: '已启用两步验证，如需更换请先停用',
  notStarted: '请先获取新的绑定二维码',
  notEnrolled: '尚未启用两步验证',
  requiredByRole: '您的管理角色要求启用两步验证，不能停用',
  userNotFound: '用户不存在',
} as const;

/** The personal centre's view of the account's second factor. */
export interface TotpStatus {
  enrolled: boolean;
  /** A role of the account requires it. */
  required: boolean;
  recoveryLeft: number;
  /** Whether this session passed the second factor. */
  passed: boolean;
}

/** A new enrolment: the otpauth URI as a QR code (data URL) and the secret as text for manual entry. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
  qr: string;
}

/** Shown once, when the enrolment is confirmed. */
export interface TotpConfirmed {
  recoveryCodes: string[];
}
/** Refusals the services answer (issue 33: each message once, here). */
export const CURRENT_USER_MISSING_MSG = '未找到当前用户信息';
export const LEGACY_ADMIN_SECRET_MISSING_MSG = '未配置旧版管理密钥';
export const LEGACY_ADMIN_URL_MISSING_MSG = '未配置旧版管理地址';
export const OWN_POSTS_ONLY_MSG = '只能为自己绑定岗位';
export const POST_MISSING_MSG = '所选岗位不存在';
export const WECHAT_NOT_CONFIGURED_MSG = '未配置微信扫码登录';

/** What the services answer (moved from lib/server/services: each message once, here). */
export const PASSPORT_EXPIRED_MSG = '科技云通行证登录信息已失效，请重新登录';
export const PASSPORT_TAKEN_MSG = '该科技云通行证账号已关联其他账号';
export const SMS_TOO_SOON_MSG = '验证码发送过于频繁，请1分钟后再试';
export const SMS_DAILY_LIMIT_MSG = '该手机号今日获取验证码次数已达上限，请明天再试';
export const SMS_SEND_FAILED_MSG = '短信发送失败，请稍后再试';
export const SMS_CODE_WRONG_MSG = '验证码错误或已过期，请重新获取';
export const WX_FAILED_MSG = '微信登录失败，请重新扫码';
export const WX_UNREACHABLE_MSG = '微信登录服务暂时无法访问，请稍后再试';
export const EMAIL_IN_USE_MSG = '该邮箱已被其他账号使用';
export const OLD_PASSWORD_WRONG_MSG = '原密码不正确';
export const CURRENT_PASSWORD_WRONG_MSG = '当前密码不正确';
export const SAVED_MSG = '保存成功';
export const PASSWORD_ALREADY_SET_MSG = '您已修改过初始密码，如需修改密码请到账号设置中输入原密码修改';
export const EMAIL_ALREADY_SET_MSG = '您已填写邮箱，如需修改邮箱请到账号设置中修改';
export const EMAIL_PASSWORD_REQUIRED_MSG = '修改邮箱需要输入当前密码';
export const NO_CMS_ROLE_MSG = '您没有管理权限';
export const LOGIN_FAILED_MSG = '账号或密码错误';
export const NOT_ACTIVATED_MSG = '账号尚未激活，请先登录邮箱激活账号';
export const RESET_MAIL_ACCOUNT_MSG = '重置密码的邮件已发送，请查收邮件，1分钟后可再次发送';
export const RESET_MAIL_ADDRESS_MSG = '发送重置邮件过于频繁，请15分钟后再试';
export const CAS_OFF_MSG = '未配置统一身份认证登录';
export const CAS_EXPIRED_MSG = '统一身份认证登录信息已失效，请重新登录';
export const CAS_TICKET_USED_MSG = '统一身份认证的登录凭证已使用过，请重新登录';
export const CAS_FAILED_MSG = '统一身份认证登录失败：登录凭证无效或已过期，请重新登录';
export const CAS_UNREACHABLE_MSG = '统一身份认证服务暂时无法访问，请稍后再试';
export const ACTIVATED_MSG = '账号已激活，请登录';
export const THROTTLED_MSG = '登录失败次数过多，请15分钟后再试';
export const QR_EXPIRED_MSG = '二维码已失效，请在电脑上刷新二维码后重新扫码';
export const QR_USED_MSG = '二维码已被使用，请在电脑上刷新二维码后重新扫码';
export const QR_CANCELLED_MSG = '本次登录已取消，请在电脑上刷新二维码后重新扫码';
export const PASSPORT_OFF_MSG = '未配置科技云通行证登录';
export const PASSPORT_FAILED_MSG = '科技云通行证登录失败，请重试';
export const PASSPORT_UNREACHABLE_MSG = '科技云通行证暂时无法访问，请稍后再试';
export const PASSPORT_TOKEN_INVALID_MSG = '科技云通行证的登录凭证校验失败，请重新登录';
export const NOT_MATCHED_MSG = '所选账号与科技云通行证不匹配';
export const WX_EXPIRED_MSG = '微信登录信息已失效，请重新扫码';
export const WX_TAKEN_MSG = '该微信已绑定其他账号';
