/**
 * The upload acceptance rule that the local disk and the S3 store share (services/spaces/uploads/acceptance.ts):
 * what each call takes, when the first bytes refuse a file, and what an assembled upload must match.
 */
import { MSG_TYPE } from '@/lib/validation/spaces';
import { MSG_FILE_MD5 } from '@/lib/contract/spaces';
import { acceptAssembled, acceptedType, callTakes, headRefusal } from '@/lib/server/services/spaces/uploads/acceptance';

const SNIFF = 16;
const head = (text: string) => Buffer.concat([Buffer.from(text, 'latin1'), Buffer.alloc(SNIFF)]).subarray(0, SNIFF);
const PDF = head('%PDF-1.7');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(8)]);
const HTML = head('<!doctype html>');
const MD5 = '0123456789abcdef0123456789abcdef';

describe('headRefusal', () => {
  it('waits until the bytes that decide the type have arrived', () => {
    expect(headRefusal('courseware', HTML.subarray(0, 8), SNIFF, 'page.pdf')).toBeNull();
  });

  it("refuses content the portal does not know, with the call's message", () => {
    expect(headRefusal('courseware', HTML, SNIFF, 'page.pdf')).toBe(MSG_TYPE('courseware'));
    expect(headRefusal('res', HTML, SNIFF, 'page.pdf')).toBe(MSG_TYPE('res'));
  });

  it('refuses a name that disagrees with the content, and passes one that agrees', () => {
    expect(headRefusal('courseware', PDF, SNIFF, 'lecture.mp4')).toBe(MSG_TYPE('courseware'));
    expect(headRefusal('courseware', PDF, SNIFF, 'lecture.pdf')).toBeNull();
  });

  it('decides a file shorter than the sniff length from all its bytes', () => {
    expect(headRefusal('file', HTML.subarray(0, 4), 4, 'a.png')).toBe(MSG_TYPE('file'));
  });
});

describe('acceptedType and callTakes', () => {
  it('gives the type only when the call takes its kind', () => {
    expect(acceptedType('file', PNG, 'cover.png')).toMatchObject({ kind: 'image', mime: 'image/png', ext: 'png' });
    expect(acceptedType('courseware', PNG, 'cover.png')).toBeNull();
    expect(acceptedType('res', PDF, 'notes.pdf')).toMatchObject({ kind: 'document' });
    expect(acceptedType('file', PDF, 'notes.pdf')).toBeNull();
  });

  it("answers for a stored file's kind", () => {
    expect(callTakes('courseware', 'video')).toBe(true);
    expect(callTakes('courseware', 'image')).toBe(false);
    expect(callTakes('file', 'image')).toBe(true);
  });
});

describe('acceptAssembled', () => {
  const plan = { fileMd5: MD5.toUpperCase(), fileSize: 1000, fileName: 'notes.pdf' };

  it('accepts the announced file (MD5 compared without case) with its type', () => {
    expect(acceptAssembled({ md5: MD5, size: 1000, head: PDF }, plan)).toEqual({
      type: { kind: 'document', mime: 'application/pdf', ext: 'pdf' },
      md5: MD5,
    });
  });

  it('refuses a file whose MD5 or size is not the announced one, or that had no digest', () => {
    expect(acceptAssembled({ md5: null, size: 1000, head: PDF }, plan)).toEqual({ refusal: MSG_FILE_MD5 });
    expect(acceptAssembled({ md5: MD5.replace('0', 'f'), size: 1000, head: PDF }, plan)).toEqual({
      refusal: MSG_FILE_MD5,
    });
    expect(acceptAssembled({ md5: MD5, size: 999, head: PDF }, plan)).toEqual({ refusal: MSG_FILE_MD5 });
  });

  it('refuses by type first: content unknown, or of a kind course files are not', () => {
    expect(acceptAssembled({ md5: 'x', size: 1, head: HTML }, plan)).toEqual({ refusal: MSG_TYPE('courseware') });
    expect(acceptAssembled({ md5: MD5, size: 1000, head: PNG }, { ...plan, fileName: 'cover.png' })).toEqual({
      refusal: MSG_TYPE('courseware'),
    });
  });
});
