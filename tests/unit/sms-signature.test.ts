/**
 * Aliyun SMS signature v1 (RPC, HMAC-SHA1): Aliyun's published SendSms example (AccessKeyId testId, secret
 * testSecret) signs to zJDF+Lrzhj/ThnlvIToysFRq6t4=; the request URL carries the signature and the sorted query.
 */
import { percentEncode, rpcSignature, sendSmsUrl } from '@/lib/server/messaging/aliyun-sms';

const EXAMPLE = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

it("signs Aliyun's published example", () => {
  expect(rpcSignature('GET', EXAMPLE, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
});

it('percent-encodes as POP wants it', () => {
  expect(percentEncode('a b')).toBe('a%20b');
  expect(percentEncode('*')).toBe('%2A');
  expect(percentEncode("!'()")).toBe('%21%27%28%29');
  expect(percentEncode('~-_.')).toBe('~-_.');
  expect(percentEncode('/=&+')).toBe('%2F%3D%26%2B');
});

it('builds the GET URL: the signature first, then the sorted, encoded parameters', () => {
  const url = new URL(
    sendSmsUrl(
      {
        accessKeyId: 'testId',
        accessKeySecret: 'testSecret',
        signName: '继续教育网络学院',
        templateCode: 'SMS_1',
        endpoint: 'https://dysmsapi.aliyuncs.com',
        region: 'cn-hangzhou',
      },
      '13800000001',
      { code: '123456' },
      new Date('2026-11-27T10:00:00.123Z'),
      'nonce-1',
    ),
  );
  expect(url.origin).toBe('https://dysmsapi.aliyuncs.com');
  const q = url.searchParams;
  expect(q.get('Timestamp')).toBe('2026-11-27T10:00:00Z');
  expect(q.get('TemplateParam')).toBe('{"code":"123456"}');
  const params = Object.fromEntries([...q].filter(([k]) => k !== 'Signature'));
  expect(q.get('Signature')).toBe(rpcSignature('GET', params, 'testSecret'));
  expect([...q.keys()][0]).toBe('Signature');
});
