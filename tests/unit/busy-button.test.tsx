/** @jest-environment jsdom */
/**
 * A BusyButton in the server's HTML, before the page's script runs (a slow network), says it cannot act yet
 * (aria-disabled, .awaiting-script); once hydrated it is an ordinary button that runs its action.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { BusyButton } from '@/components/ui/BusyButton';

it('is unavailable in the server HTML and becomes available when hydrated', async () => {
  const onClick = jest.fn();
  const ui = (
    <BusyButton onClick={onClick} className="action">
      选学
    </BusyButton>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.appendChild(container);
  const button = screen.getByRole('button', { name: '选学' });
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(button.className).toBe('action awaiting-script');

  await act(async () => {
    hydrateRoot(container, ui);
  });
  expect(button.getAttribute('aria-disabled')).toBeNull();
  expect(button.className).toBe('action');
  fireEvent.click(button);
  expect(onClick).toHaveBeenCalledTimes(1);
});
