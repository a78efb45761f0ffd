import { useParams } from 'react-router';
import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function GroupLobby() {
  const { hash } = useParams();
  return (
    <FeatureSoon
      title="Test de grup"
      icon="users"
      intro={`Ai deschis invitația la testul de grup ${hash ? `„${hash}”` : ''}. Sala de așteptare a testelor de grup este încă în construcție.`}
    />
  );
}
