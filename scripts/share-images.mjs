/**
 * Share images of the demo covers: link previews (WeChat, Weibo, Open Graph readers) do not show SVG, so each
 * public/covers/*.svg gets a 1200x675 PNG in public/covers/share/, which the pages' og:image names
 * (lib/catalogue/server.ts shareImage). Run after changing a cover: `node scripts/share-images.mjs`.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const dir = path.join(process.cwd(), 'public', 'covers');
const out = path.join(dir, 'share');
mkdirSync(out, { recursive: true });
for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
  const svg = readFileSync(path.join(dir, file));
  const target = path.join(out, file.replace(/\.svg$/, '.png'));
  // Drawn at the share size (not scaled up from the SVG's 320 px), then quantised: a few KB each.
  await sharp(svg, { density: 270 })
    .resize(1200, 675, { fit: 'cover' })
    .png({ palette: true, compressionLevel: 9 })
    .toFile(target);
  console.log(path.relative(process.cwd(), target));
}
