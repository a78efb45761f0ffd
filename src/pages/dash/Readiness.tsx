// "Cât de pregătit ești" on /statistici (issue 31 §3): the admission estimate over time per chosen
// centre. Online it shows the server's history and keeps it on the device; offline (or when the
// server does not answer) it draws the copy and says so.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { fetchReadiness } from '../../api/simulations.ts';
import { currentOwner } from '../../offline/owner.ts';
import { storedReadiness, storeReadiness } from '../../offline/readiness-mirror.ts';
import { READINESS_TEXTS as T, type ReadinessList } from '../../shared/readiness/index.ts';
import { ReadinessChart } from '../../components/practice/ReadinessChart.tsx';

export function Readiness() {
  const { online } = useSnapshot(app);
  const [shown, setShown] = useState<{ res: ReadinessList; device: boolean } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const owner = currentOwner();
    if (!owner) return;
    let live = true;
    const fromDevice = async () => {
      const res = await storedReadiness(owner);
      if (!live) return;
      if (res) setShown({ res, device: true });
      else setFailed(true);
    };
    if (!online) void fromDevice();
    else
      fetchReadiness()
        .then(async (res) => {
          await storeReadiness(owner, res);
          if (live) setShown({ res, device: false });
        })
        .catch(() => void fromDevice());
    return () => {
      live = false;
    };
  }, [online]);

  if (!shown && !failed) return null;
  return (
    <section className="card" aria-labelledby="readiness-h" id="pregatire" data-testid="readiness">
      <h2 id="readiness-h">{T.title}</h2>
      {shown?.device ? (
        <p className="notice notice--offline" role="status" data-testid="readiness-device">
          {T.offline}
        </p>
      ) : null}
      {failed ? <p className="muted">{T.loadFailed}</p> : null}
      {shown ? <p className="muted">{T.intro}</p> : null}
      {shown?.res.centers.map((h) => (
        <section key={h.center.slug} className="readiness-centre" aria-label={h.center.name}>
          <h3>{h.center.name}</h3>
          <ReadinessChart history={h} />
        </section>
      ))}
    </section>
  );
}
