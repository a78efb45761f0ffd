// Cookie banner (SPEC §2/§4): 'Accept toate' / 'Doar esențiale'; without a choice it shows on every
// visit, unless the overlay arbiter gives the screen to the update modal or maintenance. The public
// pages' layout renders it (server-rendered, StaticLayout.tsx), the client extras elsewhere.
import { useRef, useState } from 'react';
import { useBottomOverlay } from './bottom-overlay.ts';
import { Link } from '../router/Link.tsx';
import { readCookiePreferences, saveCookiePreferences } from '../state/cookies.ts';
import { useOverlay } from '../state/overlays.ts';
import { useHydrated } from '../ssr/hydration.ts';

export function CookieBanner() {
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  // The server renders the banner on every public page and cannot know the saved choice; the
  // inline head script hides it by CSS when there is one (src/shared/theme-script.ts), and once
  // hydrated the banner reads the choice itself. A page left unhydrated for a visitor brings it
  // to life at the first touch (src/islands/, issue 24 §1).
  const open = !closed && (!hydrated || readCookiePreferences() === null);
  const shown = useOverlay('cookies', open);
  const ref = useRef<HTMLElement>(null);
  useBottomOverlay(ref, shown);
  if (!shown) return null;
  const choose = (statistics: boolean) => {
    saveCookiePreferences(statistics);
    setClosed(true);
  };
  return (
    <section ref={ref} className="cookie-banner" role="region" aria-label="Preferințe cookie-uri">
      <p>
        Folosim cookie-uri esențiale ca aplicația să funcționeze și, doar cu acordul tău, cookie-uri de statistică ca să
        înțelegem ce putem îmbunătăți. Detalii în{' '}
        <Link to="/legal/politica-de-confidentialitate">politica de confidențialitate</Link>.
      </p>
      <div className="cookie-banner__actions">
        <button type="button" className="btn btn--ghost" onClick={() => choose(false)}>
          Doar esențiale
        </button>
        <button type="button" className="btn btn--primary" onClick={() => choose(true)}>
          Accept toate
        </button>
      </div>
    </section>
  );
}
