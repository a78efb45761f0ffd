import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function GroupHistory() {
  return (
    <FeatureSoon
      title="Istoric teste de grup"
      icon="users"
      intro="Aici vei găsi testele de grup la care ai participat, cu clasamentul fiecăruia."
    />
  );
}
