import { FeatureSoon } from '../../shell/FeatureSoon.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';

function CouponsPage() {
  return (
    <FeatureSoon
      title="Cupoane"
      icon="crown"
      intro="Aici vei vedea cupoanele tale de reducere și vei putea aplica un cod nou."
      points={['Cupoanele active și cele folosite', 'Aplicarea unui cod la cumpărarea pachetului Premium']}
    />
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Coupons() {
  return (
    <NetworkRequired title="Cupoane">
      <CouponsPage />
    </NetworkRequired>
  );
}
