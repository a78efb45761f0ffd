// Page modules by the route table's `page` field. Every route has its file (a unit test checks it);
// a route whose module were missing renders the 404 page rather than crash.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import NotFound from '../pages/static/NotFound.tsx';

type PageModule = { default: ComponentType };
const modules = import.meta.glob<PageModule>('../pages/**/*.tsx');

export function pageKey(page: string): string {
  return `../pages/${page}.tsx`;
}

export function hasPage(page: string): boolean {
  return pageKey(page) in modules;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy component for a page (cached so it is created once). */
export function pageComponent(page: string): LazyExoticComponent<ComponentType> {
  let c = cache.get(page);
  if (!c) {
    const load = modules[pageKey(page)];
    c = lazy<ComponentType>(async () => {
      if (!load) return { default: NotFound };
      const mod = await load();
      return { default: mod.default ?? NotFound };
    });
    cache.set(page, c);
  }
  return c;
}
