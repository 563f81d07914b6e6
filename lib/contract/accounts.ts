/** Shapes the accounts endpoints answer with that no page model shares (sign-in ways, stations, settings). */
import type { LoginResult, UserInfo } from './home';

/** myInfo: the header's user and what the settings page edits. */
export type MyInfo = UserInfo & { positionLevel: number; email: string; gender: number };

/** The desktop's poll of a QR-code login: confirmed carries the sign-in. */
export type QrPoll = { status: 'waiting' | 'scanned' | 'cancelled' } | ({ status: 'confirmed' } & LoginResult);

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
  | ({ type: 'login' } & LoginResult)
  | { type: 12 }
  | { type: 14; esLoginIO: string; list: MatchItem[] }
  | { type: 15; esLoginIO: string; userID: string }
  | { type: 16; esLoginIO: string; esName: string };

/** getWXCode: what the page needs to show WeChat's QR login (type 17), when WeChat login is configured. */
export type WxCode =
  | { enabled: false }
  | { enabled: true; appid: string; scope: 'snsapi_login'; redirect_uri: string; state: string; url: string };

/** getToken: signed in, or a WeChat identity bound to no account yet (the user signs in once to bind it). */
export type LoginByWXResult = ({ type: 'login' } & LoginResult) | { type: 'bind'; wxLoginIO: string; nickname: string };

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
