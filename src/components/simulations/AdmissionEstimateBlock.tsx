// 'Estimarea admiterii' under a simulation result: the RANGE of the candidate's latest grades at
// this centre against the last admitted grades of past years (with their sources), per
// specialization. Always labelled an estimate; never one number.
import { useEffect, useState } from 'react';
import { fetchAdmissionEstimate, type AdmissionEstimate } from '../../api/simulations.ts';
import { fmt } from './format.ts';
import { Link } from '../../router/Link.tsx';
import { READINESS_TEXTS } from '../../shared/readiness/texts.ro.ts';

const VERDICT: Record<'above' | 'borderline' | 'below', string> = {
  above: 'peste praguri',
  borderline: 'la limită',
  below: 'sub praguri',
};

/** A source as written by the admin; its web address, when it has one, is a link to check it. */
function SourceText({ text }: { text: string }) {
  const url = text.match(/https?:\/\/[^\s]+/)?.[0];
  if (!url) return <>{text}</>;
  const [before, after] = [text.slice(0, text.indexOf(url)), text.slice(text.indexOf(url) + url.length)];
  return (
    <>
      {before}
      <a href={url} target="_blank" rel="noopener noreferrer">
        {url}
      </a>
      {after}
    </>
  );
}

export function AdmissionEstimateBlock({ center }: { center: string }) {
  const [e, setE] = useState<AdmissionEstimate | null>(null);
  useEffect(() => {
    let live = true;
    fetchAdmissionEstimate(center)
      .then((r) => live && setE(r))
      .catch(() => undefined); // optional block: a failure leaves it out
    return () => {
      live = false;
    };
  }, [center]);
  if (!e?.range) return null;
  const withData = e.specializations.filter((s) => s.thresholds.length);
  const without = e.specializations.filter((s) => !s.thresholds.length);
  const sources = [...new Set(withData.flatMap((s) => s.thresholds.map((t) => t.source)))];
  return (
    <section className="sim-estimate" aria-labelledby="sim-estimate-title">
      <h3 id="sim-estimate-title">
        Estimarea admiterii la {e.center.name} <span className="pill pill--estimate">Estimare</span>
      </h3>
      <p data-testid="sim-estimate-range">
        După {e.grades.length === 1 ? 'ultima ta simulare' : `ultimele tale ${e.grades.length} simulări`} la acest centru, nota ta la
        examen ar fi probabil între <strong>{fmt(e.range.low)}</strong> și <strong>{fmt(e.range.high)}</strong>.
      </p>
      <p className="muted">
        Intervalul ține cont de cât de mult variază notele tale și de faptul că o simulare nu este examenul (cel puțin ±0,5 puncte).
        {e.bac_share > 0 ? ` Media de admitere include și bacalaureatul (${Math.round(e.bac_share * 100)}%), care nu intră aici.` : ''}
      </p>
      {withData.length ? (
        <div className="table-wrap">
          <table className="sim-breakdown" aria-label="Ultimele medii de admitere (buget)">
            <caption className="sim-estimate__caption">Ultimele medii de admitere (buget)</caption>
            <thead>
              <tr>
                <th scope="col">Specializarea</th>
                <th scope="col">Praguri</th>
                <th scope="col">Tu</th>
              </tr>
            </thead>
            <tbody>
              {withData.map((s) => (
                <tr key={s.slug}>
                  <th scope="row">{s.name}</th>
                  <td>
                    <div className="sim-estimate__years">
                      {s.thresholds.map((t) => (
                        <span key={t.year} title={`Sursa: ${t.source}`}>
                          {t.year}: {fmt(t.min_grade)}
                        </span>
                      ))}
                    </div>
                  </td>
                  <td>{s.verdict ? VERDICT[s.verdict] : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted" data-testid="sim-estimate-none">
          Nu avem încă pragurile de admitere pentru acest centru: nu am găsit ultimele medii de admitere publicate, cu o sursă pe care
          o poți verifica, așa că nu îți putem spune cum te situezi față de ele.
        </p>
      )}
      {withData.length && without.length ? (
        <p className="muted" data-testid="sim-estimate-missing">
          Nu avem încă pragurile de admitere, cu sursă verificată, pentru: {without.map((s) => s.name).join(', ')}.
        </p>
      ) : null}
      <p>
        <Link to="/statistici#pregatire" data-testid="sim-estimate-history">
          {READINESS_TEXTS.linkFromResult}
        </Link>
      </p>
      {sources.length ? (
        <p className="muted sim-estimate__sources">
          Surse:{' '}
          {sources.map((src, i) => (
            <span key={src}>
              {i ? '; ' : ''}
              <SourceText text={src} />
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
