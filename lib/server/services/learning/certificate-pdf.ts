/**
 * The downloaded certificate as a PDF (pdfkit): an A4 landscape page with the same wording as the page's SVG
 * (lib/learning/certificate-svg certificateText), the font embedded (a subset of the glyphs used: pdfkit subsets what it
 * embeds), so it looks the same on any computer, and a QR code of its public verification page.
 */
import 'server-only';
import { existsSync } from 'node:fs';
import QRCode from 'qrcode';
import { certificateText, verifyHref, type CertificateData } from '@/lib/learning/certificate-svg';
import { config } from '@/lib/server/config';
import { MSG_NO_FONT } from '@/lib/contract/learning';

/** A4 landscape in points. */
const W = 841.89;
const H = 595.28;

/** The first of these that exists (CERT_FONT first): a collection needs the face's PostScript name too. */
function fontOf(): { path: string; family?: string } | null {
  const configured = config().CERT_FONT;
  const candidates: { path: string; family?: string }[] = [
    ...(configured ? [{ path: configured.split('#')[0], family: configured.split('#')[1] }] : []),
    { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', family: 'NotoSerifCJKsc-Regular' },
    { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  ];
  return candidates.find((c) => existsSync(c.path)) ?? null;
}

/** Renders the certificate; origin is the site's address, for the verification link and its QR code. */
export async function certificatePdf(c: CertificateData, siteTitle: string, origin: string): Promise<Buffer> {
  const font = fontOf();
  if (!font) throw new Error(MSG_NO_FONT);
  const { default: PDFDocument } = await import('pdfkit');
  const t = certificateText(c, siteTitle);
  const verifyUrl = c.verifyCode ? `${origin}${verifyHref(c.verifyCode)}` : null;
  const qr = verifyUrl ? await QRCode.toBuffer(verifyUrl, { margin: 1, width: 240, errorCorrectionLevel: 'M' }) : null;

  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${t.heading} ${c.serialNo}`, Author: siteTitle, Subject: c.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.path, font.family);
  doc.font('cjk');

  doc.rect(0, 0, W, H).fill('#fffdf5');
  doc
    .lineWidth(4.5)
    .rect(18, 18, W - 36, H - 36)
    .stroke('#b45309');
  doc
    .lineWidth(1.5)
    .rect(30, 30, W - 60, H - 60)
    .stroke('#d97706');
  doc.fillColor('#92400e').fontSize(48).text(t.heading, 0, 80, { width: W, align: 'center', characterSpacing: 8 });
  doc.fillColor('#78350f').fontSize(15).text(t.subheading, 0, 142, { width: W, align: 'center' });
  doc.fillColor('#1f2937').fontSize(22).text(t.addressee, 105, 205);
  t.body.forEach((line, i) => doc.fontSize(21).text(line, 150, 255 + i * 42));
  doc.fontSize(19).text(t.issuer, 420, 430, { width: 300, align: 'center' });
  doc.fontSize(16).text(t.date, 420, 462, { width: 300, align: 'center' });
  doc.lineWidth(3).circle(570, 445, 52).strokeOpacity(0.6).stroke('#dc2626').strokeOpacity(1);
  doc.fillColor('#6b7280').fontSize(12).text(t.serial, 105, 505);
  if (t.code && qr && verifyUrl) {
    doc.text(t.code, 105, 525);
    doc.image(qr, W - 150, H - 160, { width: 100 });
    doc.fontSize(9).text('扫码查验', W - 150, H - 58, { width: 100, align: 'center' });
  }
  doc.end();
  return done;
}
