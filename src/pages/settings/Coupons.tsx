import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function Coupons() {
  return (
    <FeatureSoon
      title="Cupoane"
      icon="crown"
      intro="Aici vei vedea cupoanele tale de reducere și vei putea aplica un cod nou."
      points={['Cupoanele active și cele folosite', 'Aplicarea unui cod la cumpărarea pachetului Premium']}
    />
  );
}
