import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function Friends() {
  return (
    <FeatureSoon
      title="Prieteni"
      icon="users"
      intro="Aici îți vei găsi prietenii de învățat: trimiți și accepți cereri de prietenie și îi provoci la teste de grup."
      points={['Cereri de prietenie trimise și primite', 'Lista prietenilor tăi', 'Invitații la teste de grup']}
    />
  );
}
