/**
 * Endpoints of the accounts domain, spread into the endpoint table (lib/server/endpoints).
 * Services live in lib/server/services/; body schemas shared with forms live in lib/validation/.
 */
import type { AccountsContract } from '@/lib/contract/endpoints';
import {
  casTicketSchema,
  changePasswordSchema,
  forgotSchema,
  passportChooseSchema,
  passportCodeSchema,
  passportRelateSchema,
  perfectInfoSaveSchema,
  randNumSchema,
  registerInfoSchema,
  registerSchema,
  registerValidSchema,
  resetSchema,
  resetTokenSchema,
  smsCodeSendSchema,
  smsResetSchema,
  stationBindSchema,
  switchRoleSchema,
  tokenSchema,
  updateEmailBodySchema,
  updateHeadSchema,
  updateInfoSchema,
  wxCodeSchema,
} from '@/lib/validation/accounts';
import { loginSchema } from '@/lib/validation/auth';
import { DEVICE_COOKIE } from '@/lib/session/device';
import { emptySchema as empty } from '@/lib/validation/common';
import { contractTable, endpoint, READ } from './endpoint';
import { signedInName, str, type AuditInput } from '../services/management/audited-calls';
import { createCaptcha } from '../services/accounts/captcha';
import { limitAddress } from '../services/accounts/rate-limit';
import { login, logout, refreshToken } from '../services/accounts/auth';
import * as tenants from '../services/accounts/tenants';
import { forgetPasswordBySms, sendForgetPasswordCode } from '../services/accounts/sms-reset';
import * as account from '../services/accounts/account';
import { activate, register, registerInfo, registerValid } from '../services/accounts/register';
import {
  forgetPasswordCheckToken,
  forgetPasswordModify,
  forgetPasswordSendEmail,
} from '../services/accounts/password-reset';
import { loginByQRRandNum, loginGetQRRandNum, qrCancel, qrConfirm, qrScan } from '../services/accounts/qr-login';
import { loginByES, loginByESChoose, obtainRedirectUri, relateES } from '../services/accounts/passport';
import { casConfigured, casLoginUrl, loginByCas } from '../services/accounts/cas';
import { getToken, getWXCode } from '../services/accounts/wechat';
import { config } from '../config';
import * as totp from '../services/accounts/totp';
import { secondFactorSchema, totpConfirmSchema } from '@/lib/validation/totp';

/** The login name a sign-in got, else the one it tried. */
const signedInOrTried = (i: AuditInput, data: unknown) => signedInName(i, data) || str(i.userID);
/** A first factor that answered a second-factor ticket signed nobody in yet: its sign-in is logged at the second step. */
const signedInNow = (_i: AuditInput, data: unknown) => !(data as { secondFactor?: string } | null)?.secondFactor;
/** The TOTP calls write their own rows (totp-enrol, totp-disable, ...), with what happened in detail. */
const TOTP_SELF_LOGGED = { none: 'the TOTP service writes its own totp-* rows' };

export const ACCOUNTS_ENDPOINTS = contractTable<keyof AccountsContract>({
  // The signed-in user (the header needs it; the rest of the account calls come with the accounts issue).
  '/api/eosoperator/myInfo': endpoint(empty, 'user', (_b, ctx) => account.myInfo(ctx.user.operatorID)),
  '/api/platform/index/myCmsRoleList': endpoint(empty, 'user', async (_b, ctx) => account.myCmsRoleList(ctx.user)),

  // Username login with captcha, and logout (the rest of the dialog comes with the accounts issue).
  '/modules/eosoperator/login': endpoint(
    loginSchema,
    {
      auth: 'none',
      audit: { action: 'sign-in', loginName: signedInOrTried, detail: () => 'password', when: signedInNow },
    },
    (b, ctx) => login(b, ctx.setCookies, ctx.ip, ctx.cookies[DEVICE_COOKIE] ?? null),
  ),
  '/modules/eosoperator/logout': endpoint(
    empty,
    { auth: 'none', audit: { action: 'sign-out', actorBefore: true } },
    (_b, ctx) => logout(ctx.token, ctx.setCookies),
  ),

  // The captcha (SPEC 7 Site).
  '/modules/imgCode/detail': endpoint(empty, 'none', async (_b, ctx) => {
    await limitAddress('captcha', ctx.ip); // each captcha is a row
    const { uuid, codeBase64, pow, answer } = await createCaptcha();
    // Test-only hook (e2e and bench read the answer); off unless PORTAL_TEST_HOOKS=1 is set.
    return config().PORTAL_TEST_HOOKS ? { uuid, codeBase64, pow, answer } : { uuid, codeBase64, pow };
  }),

  // Registration (type -1) and activation.
  '/api/register/create': endpoint(
    registerSchema,
    { auth: 'none', audit: { none: 'the account waits for activation: no one acts yet' } },
    (b, ctx) => register(b, ctx.site),
  ),
  '/api/register/valid': endpoint(registerValidSchema, 'none', (b, ctx) => registerValid(b.email, ctx.ip)),
  '/api/register/info': endpoint(registerInfoSchema, 'none', (b) => registerInfo(b.resourceId)),
  '/api/register/activate': endpoint(tokenSchema, 'none', (b) => activate(b.token)),

  // Password retrieval and reset (types 3-8).
  '/api/eosoperator/forgetPasswordSendEmail': endpoint(
    forgotSchema,
    { auth: 'none', audit: { none: 'sends a reset link; the reset is logged' } },
    (b, ctx) => forgetPasswordSendEmail(b.userIdOrEmail, ctx.site, ctx.ip),
  ),
  '/api/eosoperator/forgetPasswordCheckToken': endpoint(
    resetTokenSchema,
    { auth: 'none', audit: { none: 'checks a reset link; the reset is logged' } },
    (b) => forgetPasswordCheckToken(b.forgetPasswordToken),
  ),
  '/api/eosoperator/forgetPasswordModify': endpoint(
    resetSchema,
    { auth: 'none', audit: { action: 'password-reset', detail: () => 'reset link' } },
    (b) => forgetPasswordModify(b.forgetPasswordToken, b.newPassword),
  ),
  // Retrieval by SMS: a code to the account's mobile number, then the new password with it.
  '/api/smsCode/sendForgetPasswordCode': endpoint(
    smsCodeSendSchema,
    { auth: 'none', audit: { none: 'sends a reset code; the reset is logged' } },
    (b, ctx) => sendForgetPasswordCode(b.mobile, ctx.ip),
  ),
  '/api/eosoperator/forgetPassword': endpoint(
    smsResetSchema,
    { auth: 'none', audit: { action: 'password-reset', detail: () => 'sms' } },
    (b) => forgetPasswordBySms(b),
  ),

  // After login: the perfect-info prompt (types 9-11) and the session check.
  '/modules/eosoperator/loginRecommendSave': endpoint(
    perfectInfoSaveSchema,
    {
      auth: 'user',
      // Only a save that sets a password changes one.
      audit: { action: 'password-change', when: (i) => !!i.newPassword, detail: () => 'first sign-in' },
    },
    (b, ctx) => account.loginRecommendSave(ctx.user.operatorID, ctx.token, b),
  ),
  '/api/eosoperator/checkToken': endpoint(empty, 'user', async () => true),
  '/modules/eosoperator/refreshToken': endpoint(empty, 'user', (_b, ctx) => refreshToken(ctx.user, ctx.setCookies)),

  // The site the request came to (SPEC 7): CAS, special sites and tenants.
  '/api/eosoperator/isCas': endpoint(empty, 'none', async () => casConfigured()),
  '/api/eosoperator/isRequestSpecialSite': endpoint(empty, 'none', async (_b, ctx) =>
    tenants.isRequestSpecialSite(ctx.site),
  ),
  '/api/eosoperator/requestSiteTenantId': endpoint(empty, 'none', (_b, ctx) =>
    tenants.requestSiteTenantId(ctx.headers.host),
  ),
  '/api/eosoperator/currentTenantOrgName': endpoint(empty, 'none', (_b, ctx) =>
    tenants.currentTenantOrgName(ctx.headers.host),
  ),

  // Account settings.
  '/api/eosoperator/changePassword': endpoint(
    changePasswordSchema,
    { auth: 'user', audit: { action: 'password-change' } },
    (b, ctx) => account.changePassword(ctx.user.operatorID, ctx.token, b, ctx.ip),
  ),
  '/api/eosoperator/updateEmail': endpoint(
    updateEmailBodySchema,
    { auth: 'user', audit: { none: 'the password only confirms the new address' } },
    (b, ctx) => account.updateEmail(ctx.user.operatorID, b, ctx.token, ctx.ip),
  ),
  '/api/eosoperator/updateHead': endpoint(updateHeadSchema, 'user', (b, ctx) =>
    account.updateHead(ctx.user.operatorID, b.headPic),
  ),
  '/api/eosoperator/update': endpoint(updateInfoSchema, 'user', (b, ctx) => account.updateInfo(ctx.user.operatorID, b)),

  // 'My management' (SPEC 6).
  '/modules/role/switchDefaultCmsRole': endpoint(switchRoleSchema, 'user', (b, ctx) =>
    account.switchDefaultCmsRole(ctx.user, b.roleName),
  ),
  '/api/eosoperator/oldCmsDynamicKey': endpoint(empty, 'user', async (_b, ctx) => account.oldCmsDynamicKey(ctx.user)),

  // Post stations (SPEC 2.4).
  '/api/station/list': endpoint(empty, 'optional', (_b, ctx) => account.stationList(ctx.user?.operatorID ?? null)),
  '/api/station/mine': endpoint(empty, 'user', (_b, ctx) => account.myStations(ctx.user.operatorID)),
  '/api/station/bind': endpoint(stationBindSchema, 'user', (b, ctx) => account.bindStations(ctx.user, b)),

  // QR-code login (type 2) and the phone's page.
  '/modules/eosoperator/loginGetQRRandNum': endpoint(empty, 'none', (_b, ctx) =>
    loginGetQRRandNum(ctx.site, { userAgent: ctx.headers['user-agent'] ?? '', ip: ctx.ip }),
  ),
  '/modules/eosoperator/loginByQRRandNum': endpoint(
    randNumSchema,
    { auth: 'none', audit: { action: 'sign-in', loginName: signedInName, detail: () => 'qr', when: signedInNow } },
    (b, ctx) => loginByQRRandNum(b.randNum, ctx.setCookies),
  ),
  '/modules/eosoperator/qrScan': endpoint(randNumSchema, 'optional', (b, ctx) => qrScan(b.randNum, ctx.user)),
  '/modules/eosoperator/qrConfirm': endpoint(randNumSchema, 'user', (b, ctx) =>
    qrConfirm(b.randNum, ctx.user, ctx.token),
  ),
  '/modules/eosoperator/qrCancel': endpoint(randNumSchema, 'optional', (b) => qrCancel(b.randNum)),

  // Single sign-on with the passport (types 12-17).
  '/modules/eosoperator/loginByESObtainRedirectUri': endpoint(empty, 'none', (_b, ctx) => obtainRedirectUri(ctx.site)),
  '/modules/eosoperator/loginByES': endpoint(
    passportCodeSchema,
    {
      auth: 'optional',
      audit: { action: 'sign-in', loginName: signedInName, detail: () => 'passport', when: signedInNow },
    },
    (b, ctx) => loginByES(b, ctx.site, ctx.user, ctx.setCookies),
  ),
  '/modules/eosoperator/loginByESChoose': endpoint(
    passportChooseSchema,
    {
      auth: 'none',
      audit: { action: 'sign-in', loginName: signedInOrTried, detail: () => 'passport', when: signedInNow },
    },
    (b) => loginByESChoose(b),
  ),
  '/modules/eosoperator/relateES': endpoint(passportRelateSchema, 'user', (b, ctx) => relateES(b.esLoginIO, ctx.user)),

  // CAS single sign-on (protocol 3.0), off unless CAS_URL is set: the CAS login address, then the ticket back.
  '/modules/eosoperator/loginByCasObtainRedirectUri': endpoint(empty, 'none', (_b, ctx) => casLoginUrl(ctx.site)),
  '/modules/eosoperator/loginByCas': endpoint(
    casTicketSchema,
    { auth: 'none', audit: { action: 'sign-in', loginName: signedInName, detail: () => 'cas', when: signedInNow } },
    (b, ctx) => loginByCas(b, ctx.site, ctx.setCookies),
  ),

  // WeChat QR login (type 17), off unless WECHAT_APPID and WECHAT_SECRET are set: the QR page, then the code back.
  '/api/eosoperator/getWXCode': endpoint(empty, 'none', (_b, ctx) => getWXCode(ctx.site)),
  '/api/eosoperator/getToken': endpoint(
    wxCodeSchema,
    {
      auth: 'none',
      audit: {
        action: 'sign-in',
        loginName: signedInName,
        detail: () => 'wechat',
        // A WeChat identity bound to no account signs nobody in yet (the password login that binds it is logged).
        when: (i, data) => (data as { type?: string } | null)?.type !== 'bind' && signedInNow(i, data),
      },
    },
    (b, ctx) => getToken(b, ctx.setCookies),
  ),

  // --- The TOTP second factor (issue 38) ---
  // The second step of every sign-in: the first factor's ticket with a code, a recovery code, or a remembered browser.
  '/modules/eosoperator/loginBySecondFactor': endpoint(
    secondFactorSchema,
    // The sign-in is complete here: its row names the first factor's account; totp-verify rows come from the service.
    { auth: 'none', audit: { action: 'sign-in', loginName: signedInName, detail: () => 'totp' } },
    (b, ctx) => totp.loginBySecondFactor(b, ctx.setCookies, ctx.ip, ctx.cookies[totp.TOTP_REMEMBER_COOKIE] ?? null),
  ),
  // Enrolment in the personal centre: status, a new secret (QR code), its confirmation (recovery codes), turning off.
  '/api/eosoperator/totp/status': endpoint(empty, { auth: 'user', audit: READ }, (_b, ctx) =>
    totp.totpStatus(ctx.user),
  ),
  '/api/eosoperator/totp/begin': endpoint(empty, { auth: 'user', audit: TOTP_SELF_LOGGED }, (_b, ctx) =>
    totp.beginEnrolment(ctx.user),
  ),
  '/api/eosoperator/totp/confirm': endpoint(totpConfirmSchema, { auth: 'user', audit: TOTP_SELF_LOGGED }, (b, ctx) =>
    totp.confirmEnrolment(ctx.user, ctx.token, b.code, ctx.ip),
  ),
  '/api/eosoperator/totp/disable': endpoint(totpConfirmSchema, { auth: 'user', audit: TOTP_SELF_LOGGED }, (b, ctx) =>
    totp.disableTotp(ctx.user, b.code, ctx.ip),
  ),
});
