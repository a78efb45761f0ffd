// Page modules by the route table's `page` field. Every route has its file (a unit test checks it);
// a route whose module were missing renders the 404 page rather than crash. Each page is its own
// chunk; the page of the first screen is loaded before rendering (preloadPage), so hydrating
// server HTML never suspends and the browser never shows a spinner over content it already has.
import { lazy, type ComponentType } from 'react';
import type { PageModule } from './page-registry.ts';
import { importWhenOnline } from './code-on-network.ts';

const loadRegistry = () => import('./page-registry.ts');
const registry = () => importWhenOnline(loadRegistry);
const NOT_FOUND = '../pages/static/NotFound.tsx';

export function pageKey(page: string): string {
  return `../pages/${page}.tsx`;
}

export async function hasPage(page: string): Promise<boolean> {
  return pageKey(page) in (await registry()).modules;
}

/** Source path of a page module relative to the project root (the build manifest's key). */
export function pageSource(page: string): string {
  return `src/pages/${page}.tsx`;
}

const cache = new Map<string, ComponentType>();

async function loadPage(page: string): Promise<ComponentType> {
  const { modules } = await registry();
  const notFound = async () => (await modules[NOT_FOUND]!()).default;
  const load = modules[pageKey(page)];
  if (!load) return notFound();
  const mod = await importWhenOnline(load);
  return mod.default ?? notFound();
}

/**
 * Loads a page module so pageComponent() returns the component itself, not a lazy wrapper.
 * `url`: the built module's address when the server named it (no need for the registry).
 */
export async function preloadPage(page: string, url?: string): Promise<void> {
  if (cache.has(page)) return;
  const component = url ? ((await import(/* @vite-ignore */ url)) as PageModule).default : await loadPage(page);
  if (!cache.has(page)) cache.set(page, component);
}

/** Fetches a page's code ahead, quietly (the screen a flow leads to, so it opens offline even before
 *  the service worker has it); a failure is left to the real load to wait out. Once loaded, the page
 *  opens without a lazy wrapper's extra round (the test builder's "Începe testul", issue 30 §2). */
export function warmPage(page: string): void {
  void loadRegistry()
    .then(async ({ modules }) => {
      const mod = await modules[pageKey(page)]?.();
      if (mod?.default && !cache.has(page)) cache.set(page, mod.default);
    })
    .catch(() => undefined);
}

/** The component for a page: loaded (after preloadPage) or lazy, created once per page. */
export function pageComponent(page: string): ComponentType {
  let c = cache.get(page);
  if (!c) {
    c = lazy<ComponentType>(async () => ({ default: await loadPage(page) }));
    cache.set(page, c);
  }
  return c;
}
