import { FeatureSoon } from '../../shell/FeatureSoon.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';

function CardsPage() {
  return (
    <FeatureSoon
      title="Carduri"
      icon="user"
      intro="Aici îți vei administra cardurile folosite pentru abonamentul Premium: adaugi, ștergi sau alegi cardul implicit."
      points={['Carduri salvate în siguranță la procesatorul de plăți', 'Cardul implicit pentru reînnoire']}
    />
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Cards() {
  return (
    <NetworkRequired title="Carduri">
      <CardsPage />
    </NetworkRequired>
  );
}
