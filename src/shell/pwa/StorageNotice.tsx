// Storage used by downloaded manuals and images, with the quota, for /setari/preferinte.
// Near a full quota it explains FORM_STORAGE_FULL (downloads would fail).
import { useState } from 'react';
import { useStorageEstimate } from '../../offline/storage.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { useProduct } from '../useProduct.ts';

export function StorageNotice() {
  const [refresh, setRefresh] = useState(0);
  const estimate = useStorageEstimate(refresh);
  const product = useProduct();
  if (estimate === undefined) return null;
  if (estimate === null) {
    return (
      <section className="storage-notice card" aria-labelledby="storage-notice-title">
        <h2 id="storage-notice-title">Spațiu pe dispozitiv</h2>
        <p className="muted">Browserul nu spune cât spațiu folosesc manualele descărcate.</p>
      </section>
    );
  }
  const percent = Math.round(estimate.ratio * 1000) / 10;
  return (
    <section className={`storage-notice card${estimate.nearlyFull ? ' storage-notice--full' : ''}`} aria-labelledby="storage-notice-title">
      <h2 id="storage-notice-title">Spațiu pe dispozitiv</h2>
      <p>
        {product} folosește <strong>{estimate.usageText}</strong> din <strong>{estimate.quotaText}</strong> disponibili pentru manualele
        și imaginile descărcate ({estimate.percentText}).
      </p>
      <progress className="storage-notice__bar" max={100} value={percent} aria-label="Spațiu folosit">
        {estimate.percentText}
      </progress>
      {estimate.nearlyFull ? (
        <p className="storage-notice__warning" role="alert">
          {messageFor('FORM_STORAGE_FULL', product)}
        </p>
      ) : null}
      <p className="muted storage-notice__persist">
        {estimate.persisted
          ? 'Browserul păstrează datele descărcate și când spațiul se împuținează.'
          : 'Browserul poate șterge datele descărcate dacă dispozitivul rămâne fără spațiu; le poți descărca din nou oricând.'}
      </p>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setRefresh((n) => n + 1)}>
        Recalculează
      </button>
    </section>
  );
}
