// Install banner (SPEC §2/§4): 'Dorești să instalezi {product} pe dispozitivul tău?' with
// 'Instalează' and a dismiss. Shown once the candidate has used the app (a second visit or a
// finished test, state/app-usage.ts), only on the screens of INSTALL_BANNER_ROUTES, when the
// overlay arbiter gives it the screen (lowest priority), unless hide-install-pwa = '1' (saved by
// dismiss); accepting the browser prompt hides it. On an iPhone it says how to add the app from
// Safari's Share menu. Where the browser cannot install (Firefox, Safari on macOS) or the app is
// already installed it shows nothing (issue 32 §5), nor inside the installed app.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { dismissInstallBanner, isIos, isStandalone, promptInstall } from '../../offline/pwa.ts';
import { useCurrentRouteDef } from '../layouts.tsx';
import { Icon } from '../icons.tsx';
import { useBottomOverlay } from '../bottom-overlay.ts';
import { appUsage } from '../../state/app-usage.ts';
import { useOverlay } from '../../state/overlays.ts';
import { INSTALL_PROMPT_GRACE_MS, installAllowedOn, installBannerMode } from './install-mode.ts';

export function InstallBanner() {
  const { installBannerVisible, installAvailable, isInstalled, maintenance, product } = useSnapshot(app);
  const { used } = useSnapshot(appUsage);
  const def = useCurrentRouteDef();
  const standalone = useMemo(() => isStandalone(), []);
  const ios = useMemo(() => isIos(), []);
  const [waited, setWaited] = useState(false);
  const [busy, setBusy] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);
  const [space, setSpace] = useState(0);

  useEffect(() => {
    const t = setTimeout(() => setWaited(true), INSTALL_PROMPT_GRACE_MS);
    return () => clearTimeout(t);
  }, []);

  const modeInputs = {
    visible: installBannerVisible,
    standalone,
    installed: isInstalled,
    available: installAvailable,
    ios,
    waited,
    suppressed: maintenance || !used || !installAllowedOn(def?.name),
  };
  const mode = installBannerMode(modeInputs);
  const shown = useOverlay('install', mode !== 'hidden' && mode !== 'pending');
  useBottomOverlay(bannerRef, shown);

  // The banner is fixed over the bottom of the page; a spacer of its height at the end of the
  // document lets every button and the footer scroll clear of it.
  useEffect(() => {
    const el = bannerRef.current;
    if (!shown || !el) return;
    const measure = () => setSpace(el.offsetHeight ? el.offsetHeight + 24 : 0);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [shown, mode]);

  if (!shown) return null;

  const install = async () => {
    setBusy(true);
    try {
      await promptInstall();
    } finally {
      setBusy(false);
    }
  };

  let title: string;
  let text: string;
  if (mode === 'available') {
    title = `Dorești să instalezi ${product} pe dispozitivul tău?`;
    text =
      'Se deschide ca o aplicație, pornește mai repede și merge și fără internet, cu manualele descărcate.';
  } else {
    title = `Instalează ${product} pe iPhone sau iPad`;
    text =
      'Browserul nu poate instala aplicația printr-un buton. În Safari apasă Partajează (Share), apoi „Adaugă pe ecranul principal”.';
  }

  return (
    <>
      <section
        ref={bannerRef}
        className={`install-banner install-banner--${mode}`}
        role="region"
        aria-label={`Instalează ${product}`}
        data-mode={mode}
      >
        <Icon name="phone" className="install-banner__icon" />
        <div className="install-banner__text">
          <p className="install-banner__title">{title}</p>
          <p className="install-banner__hint">{text}</p>
        </div>
        <div className="install-banner__actions">
          {mode === 'available' ? (
            <>
              <button type="button" className="btn btn--ghost btn--small" onClick={dismissInstallBanner}>
                Nu acum
              </button>
              <button
                type="button"
                className="btn btn--primary btn--small"
                onClick={() => void install()}
                disabled={busy}
              >
                Instalează
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--ghost btn--small" onClick={dismissInstallBanner}>
              Am înțeles
            </button>
          )}
        </div>
      </section>
      <div className="install-banner-spacer" style={{ height: space }} aria-hidden="true" />
    </>
  );
}
