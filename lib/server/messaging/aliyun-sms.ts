/**
 * Aliyun SMS (dysmsapi, API version 2017-05-25) over its HTTP API: SendSms as an RPC-style GET signed with
 * signature version 1.0 (HMAC-SHA1 over the canonicalised query, key = AccessKeySecret + '&').
 */
import { createHmac, randomUUID } from 'node:crypto';

/** RFC 3986 percent-encoding as Aliyun's POP signature wants it: space %20, `*` %2A, `~` kept. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%7E/g, '~');
}

/** The canonicalised query: parameters sorted by name, each name=value percent-encoded, joined by &. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function rpcSignature(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  return createHmac('sha1', `${secret}&`).update(stringToSign(method, params)).digest('base64');
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
  region: string;
  /** ms; the provider gives up after this long. */
  timeoutMs?: number;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** The signed SendSms URL for one message. */
export function sendSmsUrl(
  opts: AliyunSmsOptions,
  mobile: string,
  templateParam: Record<string, string>,
  now: Date = new Date(),
  nonce: string = randomUUID(),
): string {
  const params: Record<string, string> = {
    AccessKeyId: opts.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: mobile,
    RegionId: opts.region,
    SignName: opts.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: opts.templateCode,
    TemplateParam: JSON.stringify(templateParam),
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  const signature = rpcSignature('GET', params, opts.accessKeySecret);
  return `${opts.endpoint.replace(/\/+$/, '')}/?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
}

/** Sends one message; resolves with Aliyun's BizId, throws SmsSendError unless the answer's Code is OK. */
export async function aliyunSendSms(
  opts: AliyunSmsOptions,
  mobile: string,
  templateParam: Record<string, string>,
): Promise<string> {
  const res = await fetch(sendSmsUrl(opts, mobile, templateParam), {
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
  });
  let body: { Code?: string; Message?: string; BizId?: string } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new SmsSendError(`SMS service answered HTTP ${res.status} without JSON`, `HTTP_${res.status}`);
  }
  if (body.Code !== 'OK') throw new SmsSendError(body.Message ?? 'SMS not sent', body.Code ?? `HTTP_${res.status}`);
  return body.BizId ?? '';
}
