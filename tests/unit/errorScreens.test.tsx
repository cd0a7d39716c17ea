// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorView } from '../../src/admin/pages/errors/ErrorScreen';
import { RouterErrorPage } from '../../src/admin/pages/errors/RouterErrorPage';
import en from '../../src/admin/i18n/en';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const translate = (key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en) as string;

function render(node: React.ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(node));
  return { container, unmount: () => act(() => root.unmount()) };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('fallback screens', () => {
  it('shows the error message, or the generic sentence, and a Reload Page button', () => {
    const a = render(<ErrorView error={new Error('Boom')} translate={translate} />);
    expect(a.container.textContent).toContain('Something went wrong');
    expect(a.container.textContent).toContain('Boom');
    expect(a.container.querySelector('button')?.textContent).toBe('Reload Page');
    a.unmount();
    const b = render(<ErrorView error={{}} translate={translate} />);
    expect(b.container.textContent).toContain('An unexpected error occurred');
  });

  it('the router error page reads "Unexpected Application Error!"', () => {
    function Thrower(): never {
      throw new Error('render failed');
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <Thrower />, errorElement: <RouterErrorPage /> }]);
    const { container } = render(<RouterProvider router={router} />);
    expect(container.textContent).toContain('Unexpected Application Error!');
    expect(container.textContent).toContain('render failed');
  });
});
