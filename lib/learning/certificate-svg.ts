/**
 * The certificate's wording, shared by the SVG shown on the printable page and the PDF that is downloaded
 * (lib/server/services/learning/certificate-pdf.ts), so the two never say different things.
 */
import { formatDateLong } from '@/lib/format';

export interface CertificateData {
  id: number;
  kind: string;
  title: string;
  serialNo: string;
  hours: number;
  issuedAt: string;
  operatorName: string;
  orgName: string;
  /** What /certificate/verify takes; absent on certificates drawn before it existed. */
  verifyCode?: string | null;
}

/** The public page that checks a code, as printed on the certificate (its QR code in the PDF). */
/** The only answer to a code that matches no certificate (SPEC: nothing else is told). */
export const CERTIFICATE_MISSING_MSG = '证书不存在';
/** What a certificate is, by kind: the personal tab and the public check page say the same. */
export const CERTIFICATE_KIND_LABEL = {
  series: '系列专题结业证书',
  train: '培训项目结业证书',
  hours: '年度学时证明',
} as const;

export const VERIFY_PATH = '/certificate/verify';
export const verifyHref = (code: string) => `${VERIFY_PATH}?code=${encodeURIComponent(code)}`;

export interface CertificateText {
  heading: string;
  subheading: string;
  addressee: string;
  body: string[];
  issuer: string;
  date: string;
  serial: string;
  code: string | null;
}

export function certificateText(c: CertificateData, siteTitle: string): CertificateText {
  const addressee = `${c.operatorName}${c.orgName ? `（${c.orgName}）` : ''}：`;
  const hours = c.kind === 'hours';
  const what = c.kind === 'series' ? '系列专题' : '培训项目';
  return {
    heading: hours ? '学时证明' : '结业证书',
    subheading: hours ? 'CERTIFICATE OF STUDY HOURS' : 'CERTIFICATE OF COMPLETION',
    addressee,
    body: hours
      ? [`于${c.title.replace('学时证明', '')}在本平台累计完成学习${c.hours}学时，`, '特此证明。']
      : [`完成${what}“${c.title}”的全部学习内容，`, `共计${c.hours}学时，成绩合格，特发此证。`],
    issuer: siteTitle,
    date: formatDateLong(c.issuedAt),
    serial: `证书编号：${c.serialNo}`,
    code: c.verifyCode ? `验证码：${c.verifyCode}（在本站“${VERIFY_PATH}”页面查验）` : null,
  };
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function certificateSvg(c: CertificateData, siteTitle: string): string {
  const t = certificateText(c, siteTitle);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1123 794" width="1123" height="794" font-family="Noto Serif CJK SC, Noto Sans CJK SC, serif">
<rect width="1123" height="794" fill="#fffdf5"/>
<rect x="24" y="24" width="1075" height="746" fill="none" stroke="#b45309" stroke-width="6"/>
<rect x="40" y="40" width="1043" height="714" fill="none" stroke="#d97706" stroke-width="2"/>
<text x="561" y="150" text-anchor="middle" font-size="64" font-weight="700" fill="#92400e">${esc(t.heading)}</text>
<text x="561" y="200" text-anchor="middle" font-size="20" fill="#78350f">${esc(t.subheading)}</text>
<text x="140" y="300" font-size="30" fill="#1f2937">${esc(t.addressee)}</text>
${t.body.map((line, i) => `<text x="200" y="${370 + i * 60}" font-size="28" fill="#1f2937">${esc(line)}</text>`).join('\n')}
<text x="760" y="600" text-anchor="middle" font-size="26" fill="#1f2937">${esc(t.issuer)}</text>
<text x="760" y="645" text-anchor="middle" font-size="22" fill="#1f2937">${t.date}</text>
<circle cx="760" cy="600" r="70" fill="none" stroke="#dc2626" stroke-width="4" opacity="0.6"/>
<text x="140" y="${t.code ? 700 : 720}" font-size="18" fill="#6b7280">${esc(t.serial)}</text>
${t.code ? `<text x="140" y="730" font-size="18" fill="#6b7280">${esc(t.code)}</text>` : ''}
</svg>`;
}
