import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function Invoices() {
  return (
    <FeatureSoon
      title="Istoric facturi"
      icon="clipboard"
      intro="Aici vei găsi toate facturile abonamentului Premium, gata de descărcat în format PDF."
    />
  );
}
