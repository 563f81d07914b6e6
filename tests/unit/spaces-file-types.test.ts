/** Types decided by content (issue 6 point 2, 5): the extension must agree; HTML, SVG and scripts never pass. */
import { detectFileType, extensionOf } from '@/lib/server/services/spaces/file-types';

const b = (...bytes: number[]) => Buffer.from([...bytes, ...new Array(16).fill(0)]);
const s = (text: string) => Buffer.concat([Buffer.from(text, 'latin1'), Buffer.alloc(16)]);

describe('detectFileType', () => {
  it('recognises videos, audio, documents and images by their magic bytes', () => {
    expect(detectFileType(b(0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70), 'a.mp4')).toMatchObject({
      kind: 'video',
      mime: 'video/mp4',
    });
    expect(detectFileType(b(0x1a, 0x45, 0xdf, 0xa3), 'a.webm')).toMatchObject({ kind: 'video', mime: 'video/webm' });
    expect(detectFileType(s('ID3'), 'a.mp3')).toMatchObject({ kind: 'audio', mime: 'audio/mpeg' });
    expect(detectFileType(s('%PDF-1.7'), 'a.pdf')).toMatchObject({ kind: 'document', mime: 'application/pdf' });
    expect(detectFileType(b(0x50, 0x4b, 3, 4), 'a.pptx')).toMatchObject({ kind: 'document' });
    expect(detectFileType(b(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'a.doc')).toMatchObject({
      mime: 'application/msword',
    });
    expect(detectFileType(b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'a.PNG')).toMatchObject({
      kind: 'image',
      mime: 'image/png',
    });
    expect(detectFileType(b(0xff, 0xd8, 0xff, 0xe0), 'a.jpeg')).toMatchObject({ mime: 'image/jpeg', ext: 'jpg' });
  });

  it('refuses content and extensions that disagree', () => {
    expect(detectFileType(b(0x50, 0x4b, 3, 4), 'a.zip')).toBeNull();
    expect(detectFileType(b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'a.mp4')).toBeNull();
    expect(detectFileType(s('%PDF-1.7'), 'a.html')).toBeNull();
  });

  it('never accepts HTML, SVG, XML or scripts, whatever the name', () => {
    for (const [text, name] of [
      ['<!DOCTYPE html><html>', 'a.mp4'],
      ['<svg xmlns="http://www.w3.org/2000/svg">', 'a.png'],
      ['<?xml version="1.0"?><svg', 'a.svg'],
      ['<script>alert(1)</script>', 'a.pdf'],
      ['\ufeff<html>', 'a.docx'],
    ])
      expect(detectFileType(Buffer.from(text), name)).toBeNull();
  });

  it('reads extensions', () => {
    expect(extensionOf('第一讲.MP4')).toBe('mp4');
    expect(extensionOf('noext')).toBe('');
  });
});
