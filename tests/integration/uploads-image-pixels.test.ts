/**
 * Images the portal accepts are limited by the pixels their header declares (issue 38): a PNG, GIF, WebP or JPEG of a
 * few KB that declares 100,000 x 100,000 pixels is refused with the message of lib/contract, and nothing is stored;
 * a normal image and one whose header says nothing (left to the type check) are accepted.
 */
import { deflateSync } from 'node:zlib';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MSG_IMAGE_TOO_MANY_PIXELS } from '@/lib/contract/spaces';
import { closeDb, db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { handleUpload } from '@/lib/server/http/streaming';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { imageSize } from '@/lib/server/services/spaces/image-size';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'uploads-pixels-'));
process.env.UPLOAD_DIR = uploadDir;

type Envelope = { code: number; msg: string; data: unknown };
let token: string;

beforeAll(async () => {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, 'teacher'));
  token = await createSession(op.id);
}, 120_000);

afterAll(async () => {
  await closeDb();
  rmSync(uploadDir, { recursive: true, force: true });
});

function upload(file: Buffer, name: string): Promise<Envelope> {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(file)]), name);
  const req = new Request('http://localhost/api/resourceFile/uploadFile', {
    method: 'POST',
    body: fd,
    headers: { 'x-access-token': token },
  });
  return handleUpload(req, 'uploadFile').then((r) => r.json() as Promise<Envelope>);
}

/** A valid PNG header (signature, IHDR) declaring width x height, then a small compressed body. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16);
  ihdr.writeUInt8(0, 17);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    deflateSync(Buffer.alloc(4096)),
  ]);
}
const gif = (w: number, h: number) => {
  const b = Buffer.alloc(64);
  b.write('GIF89a', 0, 'latin1');
  b.writeUInt16LE(w, 6);
  b.writeUInt16LE(h, 8);
  return b;
};
const webp = (w: number, h: number) => {
  const b = Buffer.alloc(64);
  b.write('RIFF', 0, 'latin1');
  b.write('WEBPVP8X', 8, 'latin1');
  b.writeUIntLE(w - 1, 24, 3);
  b.writeUIntLE(h - 1, 27, 3);
  return b;
};
/** SOI, an APP0 block, then a baseline frame header declaring h x w. */
const jpeg = (w: number, h: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.alloc(14),
    Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, h >> 8, h & 0xff, w >> 8, w & 0xff, 0x03]),
    Buffer.alloc(64),
  ]);

describe('image pixels', () => {
  it('reads the size each format declares', () => {
    expect(imageSize(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize(gif(320, 200))).toEqual({ width: 320, height: 200 });
    expect(imageSize(webp(100_000, 3))).toEqual({ width: 100_000, height: 3 });
    expect(imageSize(jpeg(4000, 3000))).toEqual({ width: 4000, height: 3000 });
    expect(imageSize(Buffer.from('not an image'))).toBeNull();
  });

  it('refuses an upload that declares more than the limit, and stores nothing of it', async () => {
    const before = readdirSync(uploadDir, { recursive: true }).length;
    for (const [file, name] of [
      [png(100_000, 100_000), 'bomb.png'],
      [gif(65_535, 65_535), 'bomb.gif'],
      [webp(16_000, 16_000), 'bomb.webp'],
      [jpeg(65_000, 65_000), 'bomb.jpg'],
    ] as const)
      expect(await upload(file, name)).toMatchObject({ code: 1001, msg: MSG_IMAGE_TOO_MANY_PIXELS(64) });
    expect(readdirSync(uploadDir, { recursive: true }).filter((f) => !String(f).startsWith('tmp')).length).toBe(before);
  });

  it('accepts a normal image', async () => {
    expect((await upload(png(1920, 1080), 'cover.png')).code).toBe(0);
    expect((await upload(jpeg(8000, 6000), 'photo.jpg')).code).toBe(0);
  });
});
