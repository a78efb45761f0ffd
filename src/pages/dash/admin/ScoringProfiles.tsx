// /admin/punctare: the centres' scoring profiles (GET /scoring-profiles), each with its source, year
// and whether it is confirmed or an estimate; "Editează" opens the editor with its worked example.
import { useEffect, useRef, useState } from 'react';
import { AdminGate } from '../../../components/content/AdminGate.tsx';
import { ErrorList } from '../../../shell/form/index.ts';
import { errorCode } from '../../../api/errors.ts';
import { fetchScoringProfiles } from '../../../api/scoring-profiles.ts';
import type { ScoringProfile } from '../../../shared/scoring.ts';
import { variantLabel } from '../../../components/simulations/format.ts';
import { ProfileEditor } from './scoring/ProfileEditor.tsx';
import { PART_LABEL } from './scoring/labels.ts';
import '../../../styles/tests.css';
import '../../../styles/scoring-admin.css';

export default function AdminScoringProfiles() {
  const [profiles, setProfiles] = useState<ScoringProfile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  // Bumped after a save so the editor restarts from the saved profile.
  const [version, setVersion] = useState(0);
  const editorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    fetchScoringProfiles()
      .then((r) => setProfiles(r.profiles))
      .catch((err: unknown) => setError(errorCode(err)));
  }, []);
  useEffect(() => {
    if (editing) editorRef.current?.scrollIntoView({ block: 'start' });
  }, [editing]);

  const current = profiles?.find((p) => p.slug === editing) ?? null;
  return (
    <AdminGate title="Profiluri de punctare">
      <p className="muted scoring-intro">
        Regulile după care se notează testele la fiecare centru. Ce nu este confirmat de metodologia centrului apare candidaților ca „Estimare”.
      </p>
      {error ? <ErrorList codes={[error]} className="form-errors" /> : null}
      {profiles === null && !error ? <p className="page-loading">Se încarcă…</p> : null}
      <ul className="scoring-list">
        {(profiles ?? []).map((p) => (
          <li key={p.slug} className={`card scoring-item${p.slug === editing ? ' scoring-item--active' : ''}`}>
            <div className="scoring-item__main">
              <h2 className="scoring-item__name">
                {p.name}
                {p.known ? <span className="pill pill--ok">Confirmat</span> : <span className="pill pill--estimate">Estimare</span>}
              </h2>
              <p className="scoring-item__facts">
                {p.question_count ?? '?'} întrebări · {p.time_limit_min ? `${p.time_limit_min} min` : 'durată necunoscută'} ·{' '}
                {p.subject_variants.map(variantLabel).join(' / ')} · {p.source_year ? `sursa din ${p.source_year}` : 'anul sursei necunoscut'}
              </p>
              {!p.known && p.estimated_parts?.length ? (
                <p className="scoring-item__estimated muted">Presupuneri: {p.estimated_parts.map((x) => PART_LABEL[x].toLowerCase()).join(', ')}.</p>
              ) : null}
            </div>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              aria-label={`Editează profilul ${p.name}`}
              aria-pressed={p.slug === editing}
              onClick={() => setEditing(p.slug)}
            >
              Editează
            </button>
          </li>
        ))}
      </ul>
      <div ref={editorRef} className="scoring-editor-anchor">
        {current ? (
          <ProfileEditor
            key={`${current.slug}-${version}`}
            profile={current}
            onSaved={(saved) => {
              setProfiles((list) => (list ?? []).map((p) => (p.slug === saved.slug ? saved : p)));
              setVersion((v) => v + 1);
            }}
          />
        ) : null}
      </div>
    </AdminGate>
  );
}
