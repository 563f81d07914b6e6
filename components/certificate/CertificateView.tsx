'use client';

/** A certificate with its print preview (SPEC 2.8: titled with the print label, z-index 20002) and download. */
import { useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { api } from '@/lib/api/browser';
import { PRINT_PREVIEW_Z_INDEX } from '@/lib/constants';
import { BusyButton } from '@/components/ui/BusyButton';

/**
 * While the preview is open, printing gives the certificate alone on one page: everything else is taken out of the
 * layout (display:none, so the page behind adds no blank pages), the paper turned to the certificate's orientation
 * and the certificate scaled to fit inside the margins (the SVG keeps its proportions within the box).
 */
function printCss(svg: string): string {
  const [, w, h] = /viewBox="[\d.]+ [\d.]+ ([\d.]+) ([\d.]+)"/.exec(svg) ?? [];
  const landscape = Number(w) >= Number(h);
  return `@page { size: A4 ${landscape ? 'landscape' : 'portrait'}; margin: 10mm; }
@media print {
  html, body { height: auto !important; min-height: 0 !important; overflow: visible !important; margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > :not(:has(.print-preview)), .print-preview .no-print { display: none !important; }
  .print-preview { position: static !important; display: block !important; padding: 0 !important; background: #fff !important; }
  .print-preview .print-sheet { max-width: none !important; overflow: visible !important; }
  .print-preview svg { display: block; width: 100% !important; height: ${landscape ? 185 : 272}mm !important; max-height: calc(100vh - 2mm); break-inside: avoid; }
}`;
}

export function CertificateView({ certificateId, svg, serialNo }: { certificateId: number; svg: string; serialNo: string }) {
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await api.download('/media/certificate', { certificateId });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `certificate-${serialNo}.svg`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      /* 下载失败 shown by the client */
    } finally {
      setBusy(false);
    }
  };
  const image = <div className="certificate-sheet w-full [&_svg]:h-auto [&_svg]:w-full" role="img" aria-label="证书" dangerouslySetInnerHTML={{ __html: svg }} />;
  return (
    <div>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => setPreview(true)} className="rounded bg-brand-600 px-4 py-1.5 text-white hover:bg-brand-700">
          打印预览
        </button>
        <BusyButton onClick={download} busy={busy} className="rounded border border-gray-300 px-4 py-1.5 hover:bg-gray-50 aria-disabled:opacity-50">
          下载证书
        </BusyButton>
      </div>
      <div className="mt-4 rounded border bg-white p-2">{image}</div>
      <Dialog open={preview} onClose={() => setPreview(false)} className="print-preview fixed inset-0 flex flex-col bg-gray-700/90 p-4" style={{ zIndex: PRINT_PREVIEW_Z_INDEX }} data-testid="print-preview">
        <DialogPanel className="flex min-h-0 flex-1 flex-col">
          <div className="no-print mb-3 flex items-center justify-between text-white">
            <DialogTitle className="text-lg font-semibold">打印</DialogTitle>
            <div className="flex gap-2">
              <button type="button" onClick={() => window.print()} className="rounded bg-white px-4 py-1.5 text-gray-900">
                打印
              </button>
              <button type="button" onClick={() => setPreview(false)} className="rounded border border-white px-4 py-1.5 text-white">
                关闭
              </button>
            </div>
          </div>
          <div className="print-sheet mx-auto w-full max-w-5xl overflow-auto bg-white">{image}</div>
        </DialogPanel>
        <style>{printCss(svg)}</style>
      </Dialog>
    </div>
  );
}
