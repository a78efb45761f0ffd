import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function SimulationSources() {
  return (
    <FeatureSoon
      title="Simulare pe surse"
      icon="book"
      intro="Simulările pe surse folosesc grile din bibliografia centrului tău, online sau pe foaia de răspuns scanată."
      points={['Online, direct în aplicație', 'Pe foaia de răspuns: completezi pe hârtie și încarci o poză', 'Punctaj calculat după regulile centrului']}
    />
  );
}
