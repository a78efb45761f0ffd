import { FeatureSoon } from '../../shell/FeatureSoon.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';

function FriendsPage() {
  return (
    <FeatureSoon
      title="Prieteni"
      icon="users"
      intro="Aici îți vei găsi prietenii de învățat: trimiți și accepți cereri de prietenie și îi provoci la teste de grup."
      points={['Cereri de prietenie trimise și primite', 'Lista prietenilor tăi', 'Invitații la teste de grup']}
    />
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Friends() {
  return (
    <NetworkRequired title="Prieteni">
      <FriendsPage />
    </NetworkRequired>
  );
}
