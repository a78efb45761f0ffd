// Maintenance page (SPEC §2): replaces everything while maintenance mode is on. After a
// reload the button stays disabled for a 20 s countdown (lastRefresh in localStorage).
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { getItem, setItem } from '../state/storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { reloadCooldownLeft, reloadLabel } from './maintenance.ts';
import { Icon } from './icons.tsx';
import { Logo } from './Logo.tsx';

export function MaintenancePage() {
  const { product } = useSnapshot(app);
  const [left, setLeft] = useState(() => reloadCooldownLeft(getItem(STORAGE.lastRefresh), Date.now()));

  useEffect(() => {
    if (left <= 0) return;
    const id = setInterval(() => setLeft(reloadCooldownLeft(getItem(STORAGE.lastRefresh), Date.now())), 1000);
    return () => clearInterval(id);
  }, [left]);

  const reload = () => {
    setItem(STORAGE.lastRefresh, String(Date.now()));
    window.location.reload();
  };

  return (
    <main className="maintenance" id="main">
      <div className="maintenance__card">
        <Logo linked={false} />
        <Icon name="tools" className="maintenance__icon" />
        <h1>Actualizăm platforma</h1>
        <p>
          Platforma este în curs de actualizare: {product} primește acum îmbunătățiri. Revenim în câteva minute —
          progresul tău este în siguranță. Mulțumim pentru răbdare!
        </p>
        <button type="button" className="btn btn--primary" onClick={reload} disabled={left > 0}>
          <Icon name="refresh" />
          {reloadLabel(left)}
        </button>
      </div>
    </main>
  );
}
