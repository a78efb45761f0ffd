// The overlay arbiter and toast de-duplication (issue 11 §6): one overlay at a time by priority;
// the same toast twice is one toast with its countdown restarted.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { OVERLAY_PRIORITY, activeOverlay, overlayAllowed, overlays, useOverlay, wantOverlay, type OverlayId } from '../../src/state/overlays.ts';
import { app } from '../../src/state/app.ts';
import { dismissToast, showToast } from '../../src/state/toast.ts';
import { Toasts } from '../../src/shell/Toasts.tsx';
import { installAllowedOn } from '../../src/shell/pwa/install-mode.ts';
import { appUsage, markAppUsed, recordVisit } from '../../src/state/app-usage.ts';
import { matchRoute } from '../../src/shared/routes.ts';
import { loadAppRoutes } from '../../src/router/route-loader.ts';

// The sign-in and signed-in screens' routes, as the app loads them after the first paint.
await loadAppRoutes();

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

/** Renders inside act and lets Valtio deliver its microtask-batched notifications. */
async function show(node: ReactNode) {
  await act(async () => {
    root.render(node);
  });
  await act(async () => {
    await Promise.resolve();
  });
}
const shown = () => [...host.querySelectorAll('[data-testid^="overlay-"]')].map((e) => e.textContent);

function Probe({ id, want }: { id: OverlayId; want: boolean }) {
  const shown = useOverlay(id, want);
  return shown ? <p data-testid={`overlay-${id}`}>{id}</p> : null;
}

describe('overlay arbiter', () => {
  beforeEach(() => {
    for (const id of OVERLAY_PRIORITY) wantOverlay(id, false);
    app.maintenance = false;
  });

  it('priority: update > maintenance > cookies > partial scores > install', () => {
    expect(OVERLAY_PRIORITY).toEqual(['update', 'maintenance', 'cookies', 'partialScores', 'install']);
    expect(activeOverlay({})).toBeNull();
    expect(activeOverlay({ install: true, cookies: true, partialScores: true })).toBe('cookies');
    expect(activeOverlay({ install: true, partialScores: true })).toBe('partialScores');
    expect(activeOverlay({ install: true })).toBe('install');
    expect(activeOverlay({ install: true, cookies: true, update: true })).toBe('update');
  });

  it('maintenance outranks the banners', () => {
    expect(overlayAllowed('cookies', { cookies: true }, false)).toBe(true);
    expect(overlayAllowed('cookies', { cookies: true }, true)).toBe(false);
    expect(overlayAllowed('install', { install: true }, true)).toBe(false);
    expect(overlayAllowed('update', { update: true }, true)).toBe(true);
  });

  it('components: only the highest shows; when it withdraws, the next one shows', async () => {
    await show(
      <>
        <Probe id="install" want />
        <Probe id="cookies" want />
        <Probe id="partialScores" want />
      </>,
    );
    expect(shown()).toEqual(['cookies']);
    await show(
      <>
        <Probe id="install" want />
        <Probe id="cookies" want={false} />
        <Probe id="partialScores" want />
      </>,
    );
    expect(shown()).toEqual(['partialScores']);
    await show(<Probe id="install" want />);
    expect(shown()).toEqual(['install']);
    expect(Object.keys(overlays.wanted)).toEqual(['install']);
    await act(async () => {
      app.maintenance = true;
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(shown()).toEqual([]);
    await show(null);
    expect(overlays.wanted).toEqual({});
  });

  it('install banner: only on overview screens, never on a form, a test or a chapter', () => {
    expect(installAllowedOn(matchRoute('/')?.name)).toBe(true);
    expect(installAllowedOn(matchRoute('/teste')?.name)).toBe(true);
    for (const path of ['/teste/abc-123', '/conectare', '/inregistrare', '/contact', '/teste/adauga-grila', '/teste/start', '/cursuri/m/c', '/ai/cursuri/m/c', '/cont', '/grup/abc']) {
      expect(installAllowedOn(matchRoute(path)?.name), path).toBe(false);
    }
    expect(installAllowedOn(undefined)).toBe(false);
  });

  it('"used the app": not on the first visit nor its reloads; yes on a second visit or after a finished test', () => {
    localStorage.clear();
    sessionStorage.clear();
    appUsage.used = false;
    recordVisit();
    recordVisit(); // a reload in the same session
    expect(appUsage.used).toBe(false);
    sessionStorage.clear(); // a new browser session: second visit
    recordVisit();
    expect(appUsage.used).toBe(true);

    localStorage.clear();
    sessionStorage.clear();
    appUsage.used = false;
    recordVisit();
    expect(appUsage.used).toBe(false);
    markAppUsed();
    expect(appUsage.used).toBe(true);
    appUsage.used = false;
    recordVisit();
    expect(appUsage.used).toBe(true);
  });
});

describe('toast de-duplication', () => {
  beforeEach(() => {
    app.toasts.splice(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    app.toasts.splice(0);
  });

  it('the same code and type twice is one toast; another type or code is its own toast', () => {
    const a = showToast('SYNC_DONE', 'success');
    const b = showToast('SYNC_DONE', 'success');
    expect(b).toBe(a);
    expect(app.toasts).toHaveLength(1);
    expect(app.toasts[0]!.repeats).toBe(1);
    showToast('SYNC_DONE', 'error');
    showToast('OTHER_CODE', 'success');
    expect(app.toasts).toHaveLength(3);
    dismissToast(a);
    showToast('SYNC_DONE', 'success');
    expect(app.toasts).toHaveLength(3);
  });

  it('a repeat restarts the countdown of the toast on screen', async () => {
    vi.useFakeTimers();
    await show(<Toasts />);
    await act(async () => {
      showToast('LOGOUT_SUCCESSFUL', 'success', 2000);
    });
    act(() => vi.advanceTimersByTime(1500));
    expect(app.toasts).toHaveLength(1);
    await act(async () => {
      showToast('LOGOUT_SUCCESSFUL', 'success', 2000);
    });
    act(() => vi.advanceTimersByTime(1500));
    // 3000 ms after the first call: gone without the restart, still up with it.
    expect(app.toasts).toHaveLength(1);
    expect(host.querySelectorAll('.toast')).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(app.toasts).toHaveLength(0);
  });
});
