// A catalogue text (src/shared/messages.ro.ts) on screens whose first load should not carry the
// whole catalogue (5 KB gzip): the solve screen shows one only when something fails (issue 12 §2).
// The catalogue loads with the first <Message>, and anyway once the browser is idle after this
// module loads, so a message shown later (offline too) has its words at once; the service worker
// precaches the chunk as well.
import { lazy, Suspense } from 'react';

type Props = { code: string; product?: string };

const loadCatalogue = () => import('../shared/messages.ro.ts');

const CatalogueText = lazy(async () => {
  const { messageFor } = await loadCatalogue();
  return { default: ({ code, product }: Props) => <>{messageFor(code, product)}</> };
});

if (typeof window !== 'undefined') {
  const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1000));
  idle(() => void loadCatalogue().catch(() => undefined));
}

/** The Romanian text of `code` ({product} filled in); unknown codes are shown raw, as messageFor does. */
export function Message({ code, product }: Props) {
  return (
    <Suspense fallback={null}>
      <CatalogueText code={code} product={product} />
    </Suspense>
  );
}
