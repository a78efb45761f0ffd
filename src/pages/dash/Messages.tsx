import { FeatureSoon } from '../../shell/FeatureSoon.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';

function MessagesPage() {
  return (
    <FeatureSoon
      title="Mesaje"
      icon="message"
      intro="Mesajele directe îți vor permite să vorbești în timp real cu prietenii tăi și să vă trimiteți grile între voi."
      points={['Conversații în timp real', 'Confirmare de citire', 'Grile partajate direct în conversație']}
    />
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Messages() {
  return (
    <NetworkRequired title="Mesaje">
      <MessagesPage />
    </NetworkRequired>
  );
}
