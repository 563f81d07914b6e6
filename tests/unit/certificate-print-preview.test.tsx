/** @jest-environment jsdom */
/**
 * SPEC 2.8: the certificate's print preview (titled 打印, z-index 20002) is a modal: the focus moves in and stays
 * in (the page behind is inert), Escape and 关闭 close it and the focus returns to 打印预览. Printed from it, the
 * certificate alone fills exactly one page: the page behind is taken out of the layout, with an @page rule.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CertificateView } from '@/components/certificate/CertificateView';
import { certificateSvg } from '@/lib/learning/certificate-svg';

const svg = certificateSvg(
  {
    id: 2,
    kind: 'train',
    title: '科研管理培训',
    serialNo: 'PX1',
    hours: 24,
    issuedAt: '2026-01-05',
    operatorName: '王晓明',
    orgName: '物理研究所',
  },
  '继续教育网络学院',
);
const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

async function openPreview() {
  render(
    <main>
      <CertificateView certificateId={2} serialNo="PX1" svg={svg} />
    </main>,
  );
  const opener = screen.getByRole('button', { name: '打印预览' });
  opener.focus();
  fireEvent.click(opener);
  await settle();
  return { opener, dialog: screen.getByRole('dialog', { name: '打印' }) };
}

describe('the certificate print preview', () => {
  it('takes the focus, keeps the page behind out of reach, closes on Escape and gives the focus back', async () => {
    const { opener, dialog } = await openPreview();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.style.zIndex).toBe('20002');
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Neither Tab nor a screen reader reaches 下载证书: the page behind is hidden and inert while the preview is open.
    expect(screen.queryByRole('button', { name: '下载证书' })).toBeNull();
    expect(
      (screen.getByText('下载证书').closest('[aria-hidden="true"]') as HTMLElement & { inert: boolean }).inert,
    ).toBe(true);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape' });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(screen.getByRole('button', { name: '下载证书' })).toBeTruthy();
  });

  it('关闭 gives the focus back to 打印预览', async () => {
    const { opener } = await openPreview();
    const close = screen.getByRole('button', { name: '关闭' });
    close.focus(); // as a click does
    fireEvent.click(close);
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('prints the certificate alone on one landscape page', async () => {
    await openPreview();
    const css = document.querySelector('style')!.textContent!.replace(/\s+/g, ' ');
    expect(css).toContain('@page { size: A4 landscape; margin: 10mm; }');
    // The page behind is removed from the layout (visibility:hidden kept its height: blank pages).
    expect(css).toContain('body > :not(:has(.print-preview)), .print-preview .no-print { display: none !important; }');
    expect(css).not.toContain('visibility');
    // A4 landscape within 10 mm margins is 277 x 190 mm: the certificate's box fits inside it.
    expect(css).toMatch(/\.print-preview svg \{[^}]*width: 100% !important; height: 185mm !important;/);
    // Printed without the preview (Ctrl+P on the page): only the page's own copy and what holds it stay.
    expect(css).toContain(
      'body:not(:has(.print-preview)) *:not(:has(.print-certificate)):not(.print-certificate):not(.print-certificate *) { display: none !important; }',
    );
    expect(document.querySelector('.print-certificate [role="img"]')).not.toBeNull();
  });
});
