// Update modal (SPEC §2/§4): 'O nouă versiune este disponibilă!'. Opens when a new service
// worker waits (workbox 'waiting') or on the realtime 'update' channel's .update event. It
// cannot be closed by the backdrop or Escape; 'Actualizează' activates the waiting worker and
// reloads; 'Mai târziu' keeps the running version for this session. While a test is being
// solved (routes without navbar) it waits until the user leaves that screen.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { applyUpdate, postponeUpdate } from '../../offline/pwa.ts';
import { Modal } from '../Modal.tsx';
import { useCurrentRouteDef } from '../layouts.tsx';
import { useOverlay } from '../../state/overlays.ts';

export const UPDATE_TITLE = 'O nouă versiune este disponibilă!';

export function UpdateModal() {
  const { updateAvailable, product } = useSnapshot(app);
  const def = useCurrentRouteDef();
  const [busy, setBusy] = useState(false);
  // Highest priority of the overlay arbiter: nothing else shows while it is open.
  const open = useOverlay('update', updateAvailable && !def?.noNavbar);
  return (
    <Modal
      open={open}
      onClose={postponeUpdate}
      preventClose
      className="update-modal"
      title={UPDATE_TITLE}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={postponeUpdate} disabled={busy}>
            Mai târziu
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void applyUpdate();
            }}
          >
            {busy ? 'Se actualizează…' : 'Actualizează'}
          </button>
        </>
      }
    >
      <p>
        Am pregătit o versiune nouă a aplicației {product}. Actualizează ca să folosești cele mai noi îmbunătățiri — durează doar câteva
        secunde, iar manualele descărcate și răspunsurile tale rămân salvate pe dispozitiv.
      </p>
    </Modal>
  );
}
