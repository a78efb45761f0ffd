// Page modules by the route table's `page` field. A page whose file does not exist yet renders a
// neutral placeholder, so the app never crashes while other pages are being written.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageModule = { default: ComponentType };
const modules = import.meta.glob<PageModule>('../pages/**/*.tsx');

export function pageKey(page: string): string {
  return `../pages/${page}.tsx`;
}

export function hasPage(page: string): boolean {
  return pageKey(page) in modules;
}

export function PendingPage() {
  return (
    <section className="page page--narrow pending-page">
      <h1>Pagina este în pregătire</h1>
      <p>Conținutul acestei pagini va fi disponibil în curând.</p>
    </section>
  );
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy component for a page (cached so it is created once). */
export function pageComponent(page: string): LazyExoticComponent<ComponentType> {
  let c = cache.get(page);
  if (!c) {
    const load = modules[pageKey(page)];
    c = lazy<ComponentType>(async () => {
      if (!load) return { default: PendingPage };
      const mod = await load();
      return { default: mod.default ?? PendingPage };
    });
    cache.set(page, c);
  }
  return c;
}
