// Public settings (GET /settings): product name (default Grilio) and optional integrations.
import { app } from './app.ts';
import { fetchSettings } from '../api/user.ts';

export async function loadSettings(): Promise<void> {
  try {
    const settings = await fetchSettings();
    app.settings = settings;
    if (settings?.product) app.product = settings.product;
  } catch {
    /* keep the defaults (offline or maintenance) */
  }
}
