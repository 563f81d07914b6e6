/**
 * Zod schemas of the accounts forms (SPEC 3, 5), shared by the login dialog (react-hook-form) and the
 * endpoints, so a field's message is the same on both sides. The messages come from ./messages.
 */
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@/lib/constants';
import { PASSPORT_EXPIRED_MSG, WX_EXPIRED_MSG } from '@/lib/contract/accounts';
import { V } from './messages';
import { id } from './common';
import { MOBILE_PATTERN } from './patterns';

/** SPEC 5: letters, digits and an underscore, at least 8 characters. */
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)(?=.*_)[A-Za-z0-9_]{${PASSWORD_MIN_LENGTH},64}$`);
/** SPEC 5 helper pattern: lowercase letters and digits, with dots, underscores or hyphens inside, @, a dotted domain. */
export const EMAIL_PATTERN = /^[a-z0-9]+(?:[._-][a-z0-9]+)*@[a-z0-9]+(?:[.-][a-z0-9]+)*\.[a-z]{2,}$/;

const text = (msg: string, max: number) => z.string({ error: msg }).trim().min(1, msg).max(max);
const password = (requiredMsg: string) =>
  z.string({ error: requiredMsg }).min(1, requiredMsg).max(64).regex(PASSWORD_PATTERN, V.passwordRule);
const email = (requiredMsg: string) =>
  z
    .string({ error: requiredMsg })
    .trim()
    .toLowerCase()
    .min(1, requiredMsg)
    .max(120)
    .regex(EMAIL_PATTERN, V.emailInvalid);
const captcha = {
  code: text(V.loginCodeRequired, 16),
  codeUuid: z.string().trim().min(1, V.loginCodeRequired).max(64),
};

/** SPEC 3 register form; a train resource adds resourceId and resourceType=1. */
export const registerSchema = z
  .object({
    optionId: z.string().trim().max(40).optional(),
    operatorName: text(V.registerNameRequired, 40),
    orgName: text(V.registerOrgRequired, 80),
    email: email(V.registerEmailRequired),
    password: password(V.passwordRequired),
    repassword: z.string({ error: V.passwordConfirmMismatch }).max(64),
    ...captcha,
    resourceId: id.optional(),
    resourceType: z.literal(1).optional(),
  })
  .refine((f) => f.password === f.repassword, { path: ['repassword'], message: V.passwordConfirmMismatch })
  .refine((f) => (f.resourceId === undefined) === (f.resourceType === undefined), {
    path: ['resourceType'],
    message: '培训资源注册需同时提供resourceId与resourceType',
  });
export type RegisterForm = z.infer<typeof registerSchema>;

/** /api/register/valid: is an e-mail (the login name of a registered visitor) still free? */
export const registerValidSchema = z.object({ email: email(V.registerEmailRequired) });

export const tokenSchema = z.object({ token: z.string().trim().min(16, '链接不正确').max(128, '链接不正确') });

/** SPEC 3, 5: forgot password. */
export const forgotSchema = z.object({ userIdOrEmail: text(V.forgotUserRequired, 120) });

export const resetTokenSchema = z.object({
  forgetPasswordToken: z.string().trim().min(16, '链接不正确').max(128, '链接不正确'),
});

/** SPEC 3, 5: reset. */
export const resetSchema = resetTokenSchema
  .extend({
    newPassword: password(V.resetPasswordRequired),
    newPasswordConfirm: z.string({ error: V.resetConfirmRequired }).min(1, V.resetConfirmRequired).max(64),
  })
  .refine((f) => f.newPassword === f.newPasswordConfirm, { path: ['newPasswordConfirm'], message: V.resetMismatch });
/** The reset form as the dialog shows it (the token comes from the link, not from a field). */
export const resetFormSchema = z
  .object({
    newPassword: password(V.resetPasswordRequired),
    newPasswordConfirm: z.string({ error: V.resetConfirmRequired }).min(1, V.resetConfirmRequired).max(64),
  })
  .refine((f) => f.newPassword === f.newPasswordConfirm, { path: ['newPasswordConfirm'], message: V.resetMismatch });

/** SPEC 3, 5: perfect-info submit; which parts are required depends on the prompt (types 9, 10, 11). */
export function perfectInfoSchema(need: { email: boolean; password: boolean }) {
  return z
    .object({
      email: need.email ? email(V.emailRequired) : z.string().max(0).optional(),
      newPassword: need.password ? password(V.passwordRequired) : z.string().max(0).optional(),
      confirmPassword: need.password
        ? z.string({ error: V.passwordConfirmMismatch }).max(64)
        : z.string().max(0).optional(),
    })
    .refine((f) => !need.password || f.newPassword === f.confirmPassword, {
      path: ['confirmPassword'],
      message: V.passwordConfirmMismatch,
    });
}
/** The endpoint accepts any of the three prompts' bodies. */
export const perfectInfoSaveSchema = z
  .object({
    email: email(V.emailRequired).optional(),
    newPassword: password(V.passwordRequired).optional(),
    confirmPassword: z.string().max(64).optional(),
  })
  .refine((f) => f.email !== undefined || f.newPassword !== undefined, { path: ['email'], message: V.emailRequired })
  .refine((f) => f.newPassword === undefined || f.newPassword === f.confirmPassword, {
    path: ['confirmPassword'],
    message: V.passwordConfirmMismatch,
  });

export const changePasswordSchema = z
  .object({
    oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128),
    newPassword: password(V.passwordRequired),
    confirmPassword: z.string({ error: V.passwordConfirmMismatch }).max(64),
  })
  .refine((f) => f.newPassword === f.confirmPassword, { path: ['confirmPassword'], message: V.passwordConfirmMismatch })
  .refine((f) => f.newPassword !== f.oldPassword, { path: ['newPassword'], message: V.passwordSameAsOld });

export const updateEmailSchema = z.object({ email: email(V.emailRequired) });

export const updateInfoSchema = z.object({
  operatorName: text(V.registerNameRequired, 40),
  gender: z.union([z.literal(1), z.literal(2)]),
  remark: z.string().trim().max(200).default(''),
});

/** A head picture: a small PNG, JPEG or WebP as a data: URL (the body limit keeps it under 256 KB). */
export const updateHeadSchema = z.object({
  headPic: z
    .string({ error: '请选择头像图片' })
    .max(200_000, '头像图片不能超过140KB')
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/, '头像必须是PNG、JPEG或WebP图片'),
});

/** SPEC 3 post station bind: stationIds and operatorID; SPEC 5: at least one. */
export const stationBindSchema = z.object({
  stationIds: z.array(id).min(1, V.stationRequired).max(50),
  operatorID: id,
});

/** QR-code login (SPEC 3: a random number). */
export const randNumSchema = z.object({
  randNum: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, '二维码无效，请刷新后重试'),
});

export const registerInfoSchema = z.object({ resourceId: z.int32().positive() });
/** The settings' e-mail change as the endpoint takes it: the form's fields and, optionally, the password. */
export const updateEmailBodySchema = updateEmailSchema.extend({ password: z.string().max(128).optional() });
export const switchRoleSchema = z.object({ roleName: z.string().max(40).optional() });

const esLoginIO = z.string().trim().min(16, PASSPORT_EXPIRED_MSG).max(64);
export const passportCodeSchema = z.object({
  code: z.string().trim().min(1, '缺少授权码').max(512),
  state: z.string().trim().min(16, PASSPORT_EXPIRED_MSG).max(128),
  /** The issuer of the answer (RFC 9207), when the passport sends one. */
  iss: z.string().trim().max(512).optional(),
});
export const passportChooseSchema = z.object({ esLoginIO, userID: z.string().trim().min(1, '请选择账号').max(120) });
export const passportRelateSchema = z.object({ esLoginIO });

/** Back from CAS (login by 统一身份认证): the service ticket and the one-time state of the service address. */
export const casTicketSchema = z.object({
  ticket: z
    .string({ error: '缺少统一身份认证登录凭证（ticket）' })
    .trim()
    .min(1, '缺少统一身份认证登录凭证（ticket）')
    .max(256),
  casState: z
    .string({ error: '统一身份认证登录信息已失效，请重新登录' })
    .trim()
    .min(16, '统一身份认证登录信息已失效，请重新登录')
    .max(128),
});
/** Back from WeChat's QR login (type 17, SPEC 7 getToken): the code and the state given by getWXCode. */
export const wxCodeSchema = z.object({
  code: z.string({ error: '缺少微信授权码（code）' }).trim().min(1, '缺少微信授权码（code）').max(512),
  state: z.string({ error: WX_EXPIRED_MSG }).trim().min(16, WX_EXPIRED_MSG).max(128),
});

/** Password retrieval by SMS (SPEC 7 smsCode/sendForgetPasswordCode, eosoperator/forgetPassword). */
export const SMS_MOBILE_REQUIRED = '请输入手机号码';
export const SMS_MOBILE_INVALID = '请输入正确的手机号码';
export const SMS_CODE_INVALID = '验证码为6位数字';
const mobile = z
  .string({ error: SMS_MOBILE_REQUIRED })
  .trim()
  .min(1, SMS_MOBILE_REQUIRED)
  .max(20)
  .regex(MOBILE_PATTERN, SMS_MOBILE_INVALID);
export const smsCodeSendSchema = z.object({ mobile });
export const smsResetSchema = z
  .object({
    mobile,
    code: z
      .string({ error: V.loginCodeRequired })
      .trim()
      .min(1, V.loginCodeRequired)
      .regex(/^\d{6}$/, SMS_CODE_INVALID),
    newPassword: password(V.resetPasswordRequired),
    newPasswordConfirm: z.string({ error: V.resetConfirmRequired }).min(1, V.resetConfirmRequired).max(64),
  })
  .refine((f) => f.newPassword === f.newPasswordConfirm, { path: ['newPasswordConfirm'], message: V.resetMismatch });
