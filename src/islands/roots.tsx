// The React side of the islands (issue 24 §1), loaded only when a visitor's page brings one to
// life: React DOM, the island's component and what it reads. Each island is a root of its own;
// the page around it stays the server's HTML. An 'interaction' island hydrates the markup the
// server rendered inside the whole page, so its component must render alone exactly what it
// rendered there (no useId: ids count from the root, and this root is smaller).
import { lazy, StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { StaticRouter } from 'react-router';
import { FullPageLinks } from '../router/Link.tsx';
import { ThemeSwitch } from '../shell/ThemeSwitch.tsx';
import { CookieBanner } from '../shell/CookieBanner.tsx';
import { app } from '../state/app.ts';
import { readEmbeddedPayload } from '../ssr/data.tsx';
import { ISLANDS, type IslandName } from './names.ts';

const ChapterComments = lazy(() => import('../components/community/PublicChapterComments.tsx'));

function content(name: IslandName, props: Record<string, unknown>): ReactNode {
  switch (name) {
    case 'theme-switch':
      return <ThemeSwitch />;
    case 'cookie-banner':
      return <CookieBanner />;
    case 'chapter-comments':
      return (
        <Suspense fallback={null}>
          <ChapterComments chapterId={Number(props.chapterId)} />
        </Suspense>
      );
  }
}

/** Calls `done` once the root's first render is committed. */
function Committed({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

let stateRead = false;
/** What the islands read of the app's state, as the server and the inline theme script left it. */
function readPageState(): void {
  if (stateRead) return;
  stateRead = true;
  const payload = readEmbeddedPayload();
  if (payload) app.product = payload.product;
  app.theme = document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
  let saved: string | null = null;
  try {
    saved = localStorage.getItem('theme');
  } catch {
    /* storage blocked: the device's setting */
  }
  app.themeChoice = saved === 'light' || saved === 'dark' ? saved : 'system';
}

/** Wraps an island in what its components expect of the app: a router for links and the current
 *  route (links load their page, src/router/Link.tsx). */
export function islandTree(children: ReactNode, done: () => void = () => {}): ReactNode {
  return (
    <StrictMode>
      <Committed done={done} />
      <FullPageLinks.Provider value={true}>
        <StaticRouter location={window.location.pathname + window.location.search}>{children}</StaticRouter>
      </FullPageLinks.Provider>
    </StrictMode>
  );
}

/** Brings one island to life; resolves once its first render is committed. */
export function startIsland(el: HTMLElement, name: IslandName): Promise<void> {
  readPageState();
  let props: Record<string, unknown> = {};
  try {
    props = el.dataset.props ? (JSON.parse(el.dataset.props) as Record<string, unknown>) : {};
  } catch {
    // A page whose island props are unreadable shows the island without them.
  }
  return new Promise((resolve) => {
    const tree = islandTree(content(name, props), resolve);
    if (ISLANDS[name] === 'interaction') hydrateRoot(el, tree);
    else createRoot(el).render(tree);
  });
}
