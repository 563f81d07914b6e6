/**
 * An image's width and height read from its header (PNG, JPEG, GIF, WebP), without decoding it: an upload of a few
 * MB can declare a picture of billions of pixels, which every browser showing it (and any later thumbnailing) would
 * have to decode. null when the header does not say (the file is then left to the type check alone).
 */
export interface ImageSize {
  width: number;
  height: number;
}

/** Bytes of the file's start that hold the size (a JPEG's frame header follows its EXIF block, at most 64 KB each). */
export const IMAGE_HEAD_BYTES = 256 * 1024;

function jpegSize(buf: Buffer): ImageSize | null {
  let at = 2;
  while (at + 9 < buf.length) {
    if (buf[at] !== 0xff) return null;
    const marker = buf[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length (restart, start/end of image, TEM).
    if ((marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = buf.readUInt16BE(at + 2);
    // Start of frame: baseline, progressive, lossless... (not DHT 0xc4, JPG 0xc8, DAC 0xcc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: buf.readUInt16BE(at + 5), width: buf.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

export function imageSize(buf: Buffer): ImageSize | null {
  if (buf.length >= 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.toString('latin1', 12, 16) === 'IHDR')
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  if (buf.length >= 10 && buf.toString('latin1', 0, 3) === 'GIF')
    return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  if (buf.length >= 30 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = buf.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
    if (chunk === 'VP8L') {
      const bits = buf.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ') return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
    return null;
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) return jpegSize(buf);
  return null;
}
