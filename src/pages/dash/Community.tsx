import { useProduct } from '../../shell/useProduct.ts';
import { FeatureSoon } from '../../shell/FeatureSoon.tsx';

export default function Community() {
  const product = useProduct();
  return (
    <FeatureSoon
      title="Comunitate"
      icon="globe"
      intro="Comunitatea va fi locul în care pui întrebări despre grile, primești explicații de la colegi și discuți despre admitere."
      points={[
        'Comentarii și răspunsuri la întrebările colegilor',
        `Tabul „Decide viitorul ${product}”, unde propui și votezi funcții noi`,
        'Raportarea comentariilor nepotrivite',
      ]}
    />
  );
}
