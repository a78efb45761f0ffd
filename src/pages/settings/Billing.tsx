import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function Billing() {
  return (
    <FeatureSoon
      title="Date de facturare"
      icon="clipboard"
      intro="Aici vei completa datele de pe factură: nume, adresă, oraș, județ, țară și, pentru firme, CIF."
    />
  );
}
