'use client';

/** A certificate with its print preview (SPEC 2.8: titled with the print label, z-index 20002) and download. */
import { useState } from 'react';
import type { RouteContract, RoutePath } from '@/lib/contract/routes';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { api } from '@/lib/api/browser';
import { PRINT_PREVIEW_Z_INDEX } from '@/lib/constants';
import { BusyButton } from '@/components/ui/BusyButton';

/**
 * Printing gives the certificate alone on one page, from the preview or from the page itself (Ctrl+P): everything
 * else is taken out of the layout (display:none, so nothing adds blank pages), the paper turned to the certificate's
 * orientation and the certificate scaled to fit inside the margins (the SVG keeps its proportions within the box).
 * Without the preview, the page's own copy (.print-certificate) is kept with the elements around it stripped bare.
 */
function printCss(svg: string): string {
  const [, w, h] = /viewBox="[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)"/.exec(svg) ?? [];
  const landscape = Number(w) >= Number(h);
  const fit = `display: block; width: 100% !important; height: ${landscape ? 185 : 272}mm !important; max-height: calc(100vh - 2mm); break-inside: avoid;`;
  const page = 'body:not(:has(.print-preview))';
  return `@page { size: A4 ${landscape ? 'landscape' : 'portrait'}; margin: 10mm; }
@media print {
  html, body { height: auto !important; min-height: 0 !important; overflow: visible !important; margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > :not(:has(.print-preview)), .print-preview .no-print { display: none !important; }
  .print-preview { position: static !important; display: block !important; padding: 0 !important; background: #fff !important; }
  .print-preview .print-sheet { max-width: none !important; overflow: visible !important; }
  .print-preview svg { ${fit} }
  ${page} > :has(.print-certificate) { display: block !important; }
  ${page} *:not(:has(.print-certificate)):not(.print-certificate):not(.print-certificate *) { display: none !important; }
  ${page} *:has(.print-certificate), ${page} .print-certificate { min-height: 0 !important; margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important; background: #fff !important; }
  ${page} .print-certificate svg { ${fit} }
}`;
}

export function CertificateView({
  certificateId,
  svg,
  serialNo,
}: {
  certificateId: number;
  svg: string;
  serialNo: string;
}) {
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const body: RouteContract['/media/certificate']['body'] = { certificateId };
      const blob = await api.download('/media/certificate' satisfies RoutePath, body);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `certificate-${serialNo}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      /* 下载失败 shown by the client */
    } finally {
      setBusy(false);
    }
  };
  const image = (
    <div
      className="certificate-sheet w-full [&_svg]:h-auto [&_svg]:w-full"
      role="img"
      aria-label="证书"
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
  return (
    <div>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => setPreview(true)}
          className="rounded bg-brand-600 px-4 py-1.5 text-white hover:bg-brand-700"
        >
          打印预览
        </button>
        <BusyButton
          onClick={download}
          busy={busy}
          className="rounded border border-gray-300 px-4 py-1.5 hover:bg-gray-50 aria-disabled:opacity-50"
        >
          下载证书
        </BusyButton>
      </div>
      <div className="print-certificate mt-4 rounded border bg-white p-2">{image}</div>
      <style>{printCss(svg)}</style>
      <Dialog
        open={preview}
        onClose={() => setPreview(false)}
        className="print-preview fixed inset-0 flex flex-col bg-gray-700/90 p-4"
        style={{ zIndex: PRINT_PREVIEW_Z_INDEX }}
        data-testid="print-preview"
      >
        <DialogPanel className="flex min-h-0 flex-1 flex-col">
          <div className="no-print mb-3 flex items-center justify-between text-white">
            <DialogTitle className="text-lg font-semibold">打印</DialogTitle>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => window.print()}
                className="rounded bg-white px-4 py-1.5 text-gray-900"
              >
                打印
              </button>
              <button
                type="button"
                onClick={() => setPreview(false)}
                className="rounded border border-white px-4 py-1.5 text-white"
              >
                关闭
              </button>
            </div>
          </div>
          <div className="print-sheet mx-auto w-full max-w-5xl overflow-auto bg-white">{image}</div>
        </DialogPanel>
      </Dialog>
    </div>
  );
}
