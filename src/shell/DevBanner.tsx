// Development banner (SPEC §2): only in development (or when the server asks), with a 30px top margin.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { DEV_BANNER_MARGIN_PX } from '../shared/constants.ts';

export function devBannerVisible(dev: boolean, serverFlag: boolean | undefined): boolean {
  return dev || serverFlag === true;
}

export function DevBanner() {
  const { settings } = useSnapshot(app);
  const show = devBannerVisible(import.meta.env.DEV, settings?.dev_banner);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('has-dev-banner', show);
    root.style.setProperty('--dev-offset', show ? `${DEV_BANNER_MARGIN_PX}px` : '0px');
  }, [show]);
  if (!show) return null;
  return (
    <div className="dev-banner" role="note" lang="en">
      You are in DEV Mode
    </div>
  );
}
