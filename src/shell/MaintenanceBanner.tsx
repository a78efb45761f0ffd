// The banner of a screen that keeps working from the device while the server is in maintenance
// (solving a stored test, its results, the history): plain words on what happens to the answers.
import { MAINTENANCE_BANNER_TEXT } from './maintenance.ts';
import '../styles/sync.css';

export function MaintenanceBanner() {
  return (
    <p className="maintenance-banner" role="status" data-testid="maintenance-banner">
      {MAINTENANCE_BANNER_TEXT}
    </p>
  );
}
