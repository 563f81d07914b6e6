/** The certificate as an SVG document: shown on the printable page and served as the downloaded file. */
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
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function certificateSvg(c: CertificateData, siteTitle: string): string {
  const date = formatDateLong(c.issuedAt);
  const what = c.kind === 'series' ? '系列专题' : '培训项目';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1123 794" width="1123" height="794" font-family="Noto Serif CJK SC, Noto Sans CJK SC, serif">
<rect width="1123" height="794" fill="#fffdf5"/>
<rect x="24" y="24" width="1075" height="746" fill="none" stroke="#b45309" stroke-width="6"/>
<rect x="40" y="40" width="1043" height="714" fill="none" stroke="#d97706" stroke-width="2"/>
<text x="561" y="150" text-anchor="middle" font-size="64" font-weight="700" fill="#92400e">结业证书</text>
<text x="561" y="200" text-anchor="middle" font-size="20" fill="#78350f">CERTIFICATE OF COMPLETION</text>
<text x="140" y="300" font-size="30" fill="#1f2937">${esc(c.operatorName)}${c.orgName ? `（${esc(c.orgName)}）` : ''}：</text>
<text x="200" y="370" font-size="28" fill="#1f2937">完成${what}“${esc(c.title)}”的全部学习内容，</text>
<text x="200" y="430" font-size="28" fill="#1f2937">共计${c.hours}学时，成绩合格，特发此证。</text>
<text x="760" y="600" text-anchor="middle" font-size="26" fill="#1f2937">${esc(siteTitle)}</text>
<text x="760" y="645" text-anchor="middle" font-size="22" fill="#1f2937">${date}</text>
<circle cx="760" cy="600" r="70" fill="none" stroke="#dc2626" stroke-width="4" opacity="0.6"/>
<text x="140" y="720" font-size="18" fill="#6b7280">证书编号：${esc(c.serialNo)}</text>
</svg>`;
}
