import { useProduct } from '../../shell/useProduct.ts';
import { FeatureSoon } from '../../shell/FeatureSoon.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';

function CommunityPage() {
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

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Community() {
  return (
    <NetworkRequired title="Comunitate">
      <CommunityPage />
    </NetworkRequired>
  );
}
