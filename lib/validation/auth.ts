import { z } from 'zod';
// zod's project-wide settings (Chinese messages; no eval probe in the browser) come with common.
import './common';
import { V } from './messages';

const required = (msg: string, max = 64) => z.string({ error: msg }).trim().min(1, msg).max(max);

/**
 * SPEC 3, 5: the login form (all trimmed, non-empty); esLoginIO comes from the passport flow (types 15, 16);
 * redirect is the page a login guard stopped, honoured only when allowed (lib/validation/redirect-address).
 */
export const loginSchema = z.object({
  userID: required(V.loginUserIdRequired),
  // Not trimmed (spaces may be part of a password), but one of spaces only is no password (SPEC 5: non-empty).
  password: z
    .string({ error: V.loginPasswordRequired })
    .max(128)
    .refine((p) => p.trim() !== '', V.loginPasswordRequired),
  code: required(V.loginCodeRequired, 16),
  codeUuid: z.string().trim().min(1, V.loginCodeRequired).max(64),
  esLoginIO: z.string().max(256).optional(),
  /** A WeChat identity waiting to be bound to the account signing in (type 17, first WeChat login). */
  wxLoginIO: z.string().max(256).optional(),
  redirect: z.string().max(2048).optional(),
});
export type LoginForm = z.infer<typeof loginSchema>;
