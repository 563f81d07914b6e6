/**
 * What a file is, decided from its first bytes (magic numbers), never from the name or the browser's
 * Content-Type alone: the extension must also agree with the content. HTML, SVG and scripts are never
 * accepted, so nothing uploaded can run as a page of the portal's origin.
 */
import { UPLOAD_EXTS, type UploadCall } from '@/lib/validation/spaces';

export type FileKind = 'video' | 'audio' | 'document' | 'image';

export interface FileType {
  kind: FileKind;
  mime: string;
  ext: string;
}

/** Bytes needed to decide. */
export const SNIFF_BYTES = 16;

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, text: string, offset = 0) => startsWith(buf, [...Buffer.from(text, 'latin1')], offset);

const OFFICE_ZIP: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const OFFICE_OLE: Record<string, string> = {
  doc: 'application/msword',
  ppt: 'application/vnd.ms-powerpoint',
  xls: 'application/vnd.ms-excel',
};

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return m ? m[1].toLowerCase() : '';
}

/** The type of the content, given its first bytes and the file's name; null when it is not one the portal accepts. */
export function detectFileType(head: Buffer, fileName: string): FileType | null {
  const ext = extensionOf(fileName);
  if (ascii(head, 'ftyp', 4)) {
    if (ext === 'm4a') return { kind: 'audio', mime: 'audio/mp4', ext };
    if (['mp4', 'm4v', 'mov'].includes(ext))
      return { kind: 'video', mime: ext === 'mov' ? 'video/quicktime' : 'video/mp4', ext };
    return null;
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]))
    return ext === 'webm' ? { kind: 'video', mime: 'video/webm', ext } : null;
  if (ascii(head, 'ID3') || (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0))
    return ext === 'mp3' ? { kind: 'audio', mime: 'audio/mpeg', ext } : null;
  if (ascii(head, '%PDF-')) return ext === 'pdf' ? { kind: 'document', mime: 'application/pdf', ext } : null;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]))
    return OFFICE_ZIP[ext] ? { kind: 'document', mime: OFFICE_ZIP[ext], ext } : null;
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return OFFICE_OLE[ext] ? { kind: 'document', mime: OFFICE_OLE[ext], ext } : null;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return ext === 'png' ? { kind: 'image', mime: 'image/png', ext } : null;
  if (startsWith(head, [0xff, 0xd8, 0xff]))
    return ['jpg', 'jpeg'].includes(ext) ? { kind: 'image', mime: 'image/jpeg', ext: 'jpg' } : null;
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a'))
    return ext === 'gif' ? { kind: 'image', mime: 'image/gif', ext } : null;
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8))
    return ext === 'webp' ? { kind: 'image', mime: 'image/webp', ext } : null;
  return null;
}

/** The extensions each upload call accepts, for the message and the file picker. */
export const ACCEPT: Record<UploadCall, { kinds: FileKind[]; exts: string[] }> = {
  courseware: { kinds: ['video', 'audio', 'document'], exts: UPLOAD_EXTS.courseware },
  res: { kinds: ['document', 'image'], exts: UPLOAD_EXTS.res },
  file: { kinds: ['image'], exts: UPLOAD_EXTS.file },
};
