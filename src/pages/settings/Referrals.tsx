import { FeatureSoon } from '../../shell/FeatureSoon.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';

function ReferralsPage() {
  return (
    <FeatureSoon
      title="Recomandări"
      icon="users"
      intro="Invită-ți colegii să învețe cu tine. Aici vei găsi codul tău de invitație și vei vedea cine s-a alăturat datorită ție."
    />
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Referrals() {
  return (
    <NetworkRequired title="Recomandări">
      <ReferralsPage />
    </NetworkRequired>
  );
}
