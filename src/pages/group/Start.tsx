import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function GroupStart() {
  return (
    <FeatureSoon
      title="Începe un test de grup"
      icon="users"
      intro="Testele de grup îți permit să rezolvi același test în același timp cu prietenii tăi și să vedeți clasamentul la final."
      points={['Cel puțin doi participanți', 'Creatorul și invitații au nevoie de Premium', 'Creatorul poate opri testul sau elimina participanți']}
    />
  );
}
