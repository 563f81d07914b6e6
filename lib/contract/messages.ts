/**
 * Every Chinese message of SPEC 8, once. Shared by the client and the server, so no browser APIs here.
 */

/** SPEC 8 response codes. */
export const CODE_OK = 0;
export const CODE_SESSION_IDLE = 2000;
export const CODE_SESSION_ELSEWHERE = 2001;
export const CODE_SESSION_NONE = 2002;
export type SessionCode = typeof CODE_SESSION_IDLE | typeof CODE_SESSION_ELSEWHERE | typeof CODE_SESSION_NONE;

export const SESSION_IDLE_MSG = '您已登录，但超过4小时未进行任何操作，请重新登录';
export const SESSION_ELSEWHERE_MSG = '您的账号已在其他地方登录，请重新登录';
export const SESSION_NONE_MSG = '账号未登录，请登录';

export const SESSION_MESSAGES: Record<SessionCode, string> = {
  [CODE_SESSION_IDLE]: SESSION_IDLE_MSG,
  [CODE_SESSION_ELSEWHERE]: SESSION_ELSEWHERE_MSG,
  [CODE_SESSION_NONE]: SESSION_NONE_MSG,
};

export function isSessionCode(code: number): code is SessionCode {
  return code === CODE_SESSION_IDLE || code === CODE_SESSION_ELSEWHERE || code === CODE_SESSION_NONE;
}

export const DOWNLOAD_FAILED_MSG = '下载失败';
export const LOGIN_EXPIRED_MSG = '登录信息已失效，请重新登录';
export const FAVOURITE_FAILED_MSG = '抱歉，您所使用的浏览器无法完成此操作。加入收藏失败，请使用Ctrl+D进行添加';
export const IDLE_TITLE_MSG = '系统未操作时间过长';
export const RELOGIN_MSG = '请重新登录';
export const RESET_LINK_INVALID_MSG = '链接不正确';
/** Refusals of the sign-in and registration forms that belong beside a field (the forms put them there). */
export const CAPTCHA_WRONG_MSG = '验证码错误或已过期，请重新输入';
export const EMAIL_TAKEN_MSG = '该邮箱已被注册，请直接登录或找回密码';
export const LOGIN_NAME_TAKEN_MSG = '该登录账号已被使用，请更换邮箱';
/** An activation link that is unknown, used up or not even well-formed. */
export const ACTIVATION_INVALID_MSG = '激活链接无效或已过期，请重新注册或联系管理员';
export const RESET_LINK_EXPIRED_MSG = '是否已经过期？请重新申请！';
export const LOGIN_FIRST_MSG = '请先登录系统后再查看相关内容，谢谢！';
export const TRIAL_LIMIT_MSG = '当前课程只能试看3分钟，请您点击“选学”按钮“开始学习”按钮观看课程完整内容';
export const SELECT_BEFORE_PLAY_MSG = '请选学后播放';
export const NEED_LOGIN_MSG = '此操作需要先登录';

/** Client-side: the spec shows the network error's own text; these are its Chinese readings. */
export const NETWORK_ERROR_MSG = '网络连接异常，请检查网络后重试';
export const TIMEOUT_MSG = '请求超时，请稍后重试';
export const SERVER_BUSY_MSG = '服务器繁忙，请稍后再试';

/** The AI assistant's daily allowances (issue 26): a user's spent, the site's spent. */
export const ASSISTANT_USER_QUOTA_SPENT_MSG = '今日提问次数已用完，请明天再来';
export const ASSISTANT_SITE_QUOTA_SPENT_MSG = '今日智能助手提问人数较多，已达上限，请明天再试';

/** The backend's own refusals besides SPEC 8's (codes in lib/server/errors). */
export const MSG_NOT_FOUND = '接口不存在';
export const MSG_METHOD = '请求方式错误，请使用POST提交';
export const MSG_BAD_JSON = '请求内容不是有效的JSON';
export const MSG_TOO_LARGE = '请求内容过大';
export const MSG_CROSS_SITE = '非法的跨站请求';
export const MSG_TOO_FREQUENT = '操作过于频繁，请稍后再试';
export const MSG_SCRATCH_QUOTA = '未完成的上传占用的临时空间已达上限，请先完成或放弃其他未完成的上传';
export const MSG_STORED_QUOTA = '您的存储空间不足，无法保存该文件';
/** A catalogue record that is not there, or not shown on this site (1004): e.g. 课程不存在或已下线. */
export const notShownMsg = (what: string): string => `${what}不存在或已下线`;
