import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function SimulationCenters() {
  return (
    <FeatureSoon
      title="Simulare pe centre"
      icon="map"
      intro="Simulările pe centre reproduc formatul examenului de la facultatea aleasă: numărul de întrebări, timpul și regulile de punctare."
      points={['Alegi centrul universitar', 'Rezolvi cu cronometru, ca în ziua examenului', 'Vezi punctajul calculat după regulile centrului, inclusiv punctajele parțiale']}
    />
  );
}
