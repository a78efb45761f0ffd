// The data a server-rendered page was rendered with. The server embeds it as JSON in
// <script id="ssr-data" type="application/json"> (not executed, so the CSP needs no exception) and
// the browser hydrates with the same data, so a public page needs no second API call to show what
// the HTML already shows. The data belongs to the first history entry only: after a client
// navigation the pages load their data as usual.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export type SsrPayload = {
  /** Product name the server rendered with (app.product must match it while hydrating). */
  product: string;
  /** API answers by data key (see dataKeys). */
  data: Record<string, unknown>;
  /** Built address of the page's module, imported before hydrating (no page registry needed). */
  module?: string;
};

export const SSR_DATA_ID = 'ssr-data';

export { dataKeys } from './keys.ts';

type SsrContextValue = { payload: SsrPayload; entry: string } | null;
const SsrContext = createContext<SsrContextValue>(null);

/** Inside the router: remembers the history entry the page was rendered for. */
export function SsrDataProvider({ value, children }: { value: SsrPayload | null; children: ReactNode }) {
  const { key } = useLocation();
  const [entry] = useState(key);
  return <SsrContext.Provider value={value ? { payload: value, entry } : null}>{children}</SsrContext.Provider>;
}

/** The embedded answer for `key` while on the history entry the server rendered, else undefined. */
export function useSsrData<T>(key: string): T | undefined {
  const ctx = useContext(SsrContext);
  const { key: entry } = useLocation();
  if (!ctx || entry !== ctx.entry) return undefined;
  return ctx.payload.data[key] as T | undefined;
}

/** JSON safe inside a <script> element: `<` is escaped, so no `</script>` or `<!--` can appear. */
export function serializePayload(payload: SsrPayload): string {
  return JSON.stringify(payload).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Reads the embedded payload of this document, or null (client-rendered shell, bad JSON). */
export function readEmbeddedPayload(doc: Document = document): SsrPayload | null {
  const el = doc.getElementById(SSR_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const parsed = JSON.parse(el.textContent) as Partial<SsrPayload> | null;
    if (!parsed || typeof parsed.product !== 'string' || typeof parsed.data !== 'object' || !parsed.data) return null;
    return { product: parsed.product, data: parsed.data, module: typeof parsed.module === 'string' ? parsed.module : undefined };
  } catch {
    return null;
  }
}
