import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function Referrals() {
  return (
    <FeatureSoon
      title="Referrali"
      icon="users"
      intro="Invită-ți colegii să învețe cu tine. Aici vei găsi codul tău de invitație și vei vedea cine s-a alăturat datorită ție."
    />
  );
}
