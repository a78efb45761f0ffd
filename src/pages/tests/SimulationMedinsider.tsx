import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FeatureSoon } from '../../shell/FeatureSoon.tsx';
import { getItem, removeItem } from '../../state/storage.ts';
import { STORAGE } from '../../shared/storage-keys.ts';
import { app } from '../../state/app.ts';

export default function SimulationMedinsider() {
  const [params] = useSearchParams();
  const uuid = params.get('uuid');
  const [stored, setStored] = useState(() => getItem(STORAGE.simulationMedinsiderUuid));
  const forget = () => {
    removeItem(STORAGE.simulationMedinsiderUuid);
    app.medinsiderUuid = null;
    setStored(null);
  };
  return (
    <FeatureSoon
      title="Simulare Medinsider"
      icon="target"
      intro="Simulările Medinsider sunt examene de probă complete, cu punctaj calculat după regulile centrului tău universitar."
    >
      {uuid ? <p className="muted">Codul simulării: {uuid}</p> : null}
      {stored ? (
        <p>
          <button type="button" className="btn btn--ghost btn--small" onClick={forget}>
            Renunță la simularea salvată
          </button>
        </p>
      ) : null}
    </FeatureSoon>
  );
}
