/**
 * Certificate download (issue 5 point 6): POST { certificateId } -> the certificate as an SVG file. A failure is
 * answered with the JSON envelope, which the client turns into 下载失败 (SPEC 8).
 */
import { serveCertificateDownload } from '@/lib/server/services/certificate-download';

export const dynamic = 'force-dynamic';

export const POST = serveCertificateDownload;
