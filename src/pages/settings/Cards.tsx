import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function Cards() {
  return (
    <FeatureSoon
      title="Carduri"
      icon="user"
      intro="Aici îți vei administra cardurile folosite pentru abonamentul Premium: adaugi, ștergi sau alegi cardul implicit."
      points={['Carduri salvate în siguranță la procesatorul de plăți', 'Cardul implicit pentru reînnoire']}
    />
  );
}
