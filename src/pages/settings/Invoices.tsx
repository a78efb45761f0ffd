import { FeatureSoon } from '../../shell/FeatureSoon.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';

function InvoicesPage() {
  return (
    <FeatureSoon
      title="Istoric facturi"
      icon="clipboard"
      intro="Aici vei găsi toate facturile abonamentului Premium, gata de descărcat în format PDF."
    />
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Invoices() {
  return (
    <NetworkRequired title="Istoric facturi">
      <InvoicesPage />
    </NetworkRequired>
  );
}
