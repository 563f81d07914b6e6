/** Bodies of the TOTP second factor's calls (issue 38): the code step of the sign-in, enrolment, and its administration. */
import { z } from 'zod';
import './common';

const TOTP_CODE_MSG = '请输入6位数字验证码';

/** Six digits, spaces allowed between them as authenticator apps show them (123 456). */
export const totpCode = z
  .string({ error: TOTP_CODE_MSG })
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MSG));

/** A recovery code: ten characters of the code alphabet, dashes and spaces ignored, any case. */
export const recoveryCode = z
  .string()
  .transform((s) => s.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-Z]{10}$/, '恢复码格式不正确'));

export const secondFactorSchema = z.object({
  ticket: z.string().trim().min(16).max(128),
  code: totpCode.optional(),
  recoveryCode: recoveryCode.optional(),
  /** Remember this browser for TOTP_REMEMBER_DAYS. */
  remember: z.boolean().optional(),
});

export const totpConfirmSchema = z.object({ code: totpCode });

export const roleTotpSchema = z.object({ roleId: z.int32().min(1), requireTotp: z.boolean() });

export const resetTotpSchema = z.object({ operatorId: z.int32().min(1) });
