import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../src/router/router.tsx';
import { ROUTES } from '../../src/shared/routes-app.ts';
import { loadAppRoutes } from '../../src/router/route-loader.ts';
import { app } from '../../src/state/app.ts';
import { Modal } from '../../src/shell/Modal.tsx';
import { makeUser, stubFetch } from './shell-helpers.ts';

// The sign-in and signed-in screens' routes, as the app loads them after the first paint.
await loadAppRoutes();

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('cookiePreferences', '{"essential":true,"statistics":false}');
  app.user = null;
  app.maintenance = false;
  app.product = 'Grilio';
  app.acknowledgedBannerOpen = false;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  stubFetch({});
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function render(path: string) {
  const router = createMemoryRouter(buildRoutes(ROUTES), { initialEntries: [path] });
  await act(async () => root.render(<RouterProvider router={router} />));
  // Lazy page modules: waits until none is loading, however long a first import takes; the unit
  // project's test timeout is the hang guard. A bound of 0.6 s, then 10 s, gave up under load (a
  // page's first import took longer with CI's other layers and five other jobs beside it).
  while (host.querySelector('.page-loading')) {
    await act(async () => new Promise((r) => setTimeout(r, 20)));
  }
  return router;
}

describe('router + guard', () => {
  it('anonymous on a login route → /conectare?redirect=…', async () => {
    const router = await render('/favorite');
    expect(router.state.location.pathname).toBe('/conectare');
    expect(router.state.location.search).toBe('?redirect=%2Ffavorite');
    expect(document.body.classList.contains('auth')).toBe(true);
  });

  it('signed-in user on /conectare → /cont/premium, with navbar and title', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('email-verified', '1');
    localStorage.setItem('profile-completed', '1');
    app.user = makeUser({ remaining_premium_days: 3, name: 'Ioana Pop' });
    const router = await render('/conectare');
    expect(router.state.location.pathname).toBe('/cont/premium');
    expect(document.title).toBe('Premium | Grilio');
    expect(document.body.dataset.layout).toBe('dash');
    expect(host.querySelector('nav[aria-label="Navigare principală"]')).not.toBeNull();
    expect(host.textContent).toContain('Încă 3 zile de Premium');
    expect(host.textContent).toContain('Ioana');
    expect(host.querySelector('a[aria-current="page"][href="/cont"]')).not.toBeNull();
    expect(host.querySelector('.avatar--premium')).not.toBeNull();
  });

  it('solve screen: no navbar and the id in the title', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('email-verified', '1');
    localStorage.setItem('profile-completed', '1');
    app.user = makeUser();
    await render('/teste/42');
    expect(document.title).toBe('Test #42 | Grilio');
    expect(host.querySelector('.sidebar')).toBeNull();
  });

  it('unknown path → Romanian 404 in the static layout', async () => {
    await render('/nu-exista/deloc');
    expect(host.querySelector('h1')?.textContent).toBe('Pagina nu a fost găsită');
    expect(document.title).toBe('Pagina nu a fost găsită | Grilio');
    expect(document.body.dataset.layout).toBe('static');
  });

  it('home renders with the product name from settings', async () => {
    app.product = 'Medix';
    await render('/');
    expect(document.title).toBe('Acasă | Medix');
    expect(host.textContent).toContain('Medix adună la un loc');
    expect(host.querySelector('a[href="/inregistrare"]')).not.toBeNull();
  });

  it('maintenance replaces everything', async () => {
    app.maintenance = true;
    await render('/');
    expect(host.textContent).toContain('Actualizăm platforma');
    expect(host.querySelector('.site-header')).toBeNull();
  });
});

describe('Modal', () => {
  it('opens after 80/160 ms, locks scroll, closes by Escape and backdrop unless prevented', async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const view = (preventClose: boolean) => (
      <Modal open onClose={onClose} title="Titlu" preventClose={preventClose}>
        <button type="button">Ok</button>
      </Modal>
    );
    act(() => root.render(view(false)));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    act(() => vi.advanceTimersByTime(80));
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.body.classList.contains('modal-lock')).toBe(true);
    expect(document.querySelector('.modal-backdrop')!.classList.contains('is-visible')).toBe(false);
    act(() => vi.advanceTimersByTime(80));
    expect(document.querySelector('.modal-backdrop')!.classList.contains('is-visible')).toBe(true);
    act(() => {
      dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => {
      document.querySelector('.modal-backdrop')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(onClose).toHaveBeenCalledTimes(2);

    act(() => root.render(view(true)));
    act(() => {
      document.querySelector('.modal-backdrop')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      document.querySelector('[role="dialog"]')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(document.querySelector('.modal__close')).toBeNull();

    act(() => root.render(<Modal open={false} onClose={onClose} title="x">y</Modal>));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.body.classList.contains('modal-lock')).toBe(false);
  });
});
