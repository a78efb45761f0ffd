import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function Messages() {
  return (
    <FeatureSoon
      title="Mesaje"
      icon="message"
      intro="Mesajele directe îți vor permite să vorbești în timp real cu prietenii tăi și să vă trimiteți grile între voi."
      points={['Conversații în timp real', 'Confirmare de citire', 'Grile partajate direct în conversație']}
    />
  );
}
