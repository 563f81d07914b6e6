/** @jest-environment jsdom */
/**
 * The player's quality menu (issue 24): 自动 and only the renditions that exist, labelled 流畅 / 高清 / 超清; the
 * stored choice maps to the nearest rendition at or below it (a 1080p choice plays 720p where there is no 1080p).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { QualityMenu } from '@/components/player/QualityMenu';
import { pickRendition } from '@/components/player/use-hls';

const R = [
  { name: '360p', height: 360, label: '流畅' },
  { name: '720p', height: 720, label: '高清' },
];

describe('quality menu', () => {
  it('offers 自动 and the existing renditions, labelled, and reports a choice', () => {
    const onChange = jest.fn();
    render(<QualityMenu renditions={R} quality="auto" onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: '清晰度' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '自动',
      '流畅 360P',
      '高清 720P',
    ]);
    fireEvent.change(select, { target: { value: '720' } });
    expect(onChange).toHaveBeenCalledWith(720);
    fireEvent.change(select, { target: { value: 'auto' } });
    expect(onChange).toHaveBeenLastCalledWith('auto');
  });

  it('shows a remembered 超清 as the best rendition this chapter has', () => {
    render(<QualityMenu renditions={R} quality={1080} onChange={() => undefined} />);
    expect((screen.getByRole('combobox', { name: '清晰度' }) as HTMLSelectElement).value).toBe('720');
    expect(pickRendition(R, 1080)?.name).toBe('720p');
    expect(pickRendition(R, 360)?.name).toBe('360p');
    expect(pickRendition(R, 'auto')).toBeNull();
  });

  it('is not shown without renditions', () => {
    const { container } = render(<QualityMenu renditions={[]} quality="auto" onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
