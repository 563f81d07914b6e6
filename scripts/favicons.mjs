/**
 * Each site's /favicon.ico (browsers and crawlers ask for it): an ICO holding 16, 32 and 48 px PNGs drawn from the
 * variant's logo in public/logos, written to assets/favicons/<logo>.ico and served per host by
 * app/[variant]/favicon.ico. Run after changing a logo: `node scripts/favicons.mjs`.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const SIZES = [16, 32, 48];
const dir = path.join(process.cwd(), 'public', 'logos');
const out = path.join(process.cwd(), 'assets', 'favicons');
mkdirSync(out, { recursive: true });

/** ICONDIR + one ICONDIRENTRY per image, then the PNGs themselves (ICO with PNG entries, every browser reads it). */
function ico(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt8(0, e + 2);
    header.writeUInt8(0, e + 3);
    header.writeUInt16LE(1, e + 4);
    header.writeUInt16LE(32, e + 6);
    header.writeUInt32LE(data.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
  const svg = readFileSync(path.join(dir, file));
  const pngs = [];
  for (const size of SIZES) {
    const data = await sharp(svg, { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
    pngs.push({ size, data });
  }
  const target = path.join(out, file.replace(/\.svg$/, '.ico'));
  writeFileSync(target, ico(pngs));
  console.log(path.relative(process.cwd(), target));
}
