import { FeatureSoon } from '../../shell/FeatureSoon.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';

function BillingPage() {
  return (
    <FeatureSoon
      title="Date de facturare"
      icon="clipboard"
      intro="Aici vei completa datele de pe factură: nume, adresă, oraș, județ, țară și, pentru firme, CIF."
    />
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Billing() {
  return (
    <NetworkRequired title="Date de facturare">
      <BillingPage />
    </NetworkRequired>
  );
}
