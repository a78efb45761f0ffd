// /grup/istoric — the group tests I took part in (or was invited to), newest first.
import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { fetchGroupHistory } from '../../api/groups.ts';
import type { GroupHistoryItem } from '../../shared/group-payloads.ts';
import { formatPoints } from './lobby/score.ts';
import '../../styles/group.css';

const STATUS = { lobby: 'în așteptare', running: 'în desfășurare', finished: 'încheiat', stopped: 'oprit' } as const;
/** "1 participant", "2–19 participanți", "20 de participanți" (Romanian plural). */
const people = (n: number) => (n === 1 ? '1 participant' : n % 100 >= 1 && n % 100 <= 19 ? `${n} participanți` : `${n} de participanți`);
const date = (iso: string) => new Date(iso).toLocaleDateString('ro-RO', { day: 'numeric', month: 'long', year: 'numeric' });

export default function GroupHistory() {
  const [groups, setGroups] = useState<GroupHistoryItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchGroupHistory()
      .then((r) => setGroups(r.groups))
      .catch(() => setFailed(true));
  }, []);
  return (
    <section className="page page--narrow group-page" aria-labelledby="group-history-title">
      <header className="page-header">
        <h1 id="group-history-title">Istoric teste de grup</h1>
        <p className="muted">Testele de grup la care ai participat, cu punctajul tău.</p>
      </header>
      {failed ? <p className="notice notice--error">Istoricul nu a putut fi încărcat. Încearcă din nou.</p> : null}
      {groups === null && !failed ? <p className="muted">Se încarcă…</p> : null}
      {groups?.length === 0 ? <p className="muted">Nu ai participat încă la un test de grup.</p> : null}
      <ul className="group-history">
        {groups?.map((g) => (
          <li key={g.hash} className="card group-history__item">
            <div>
              {g.my_status === 'kicked' ? (
                <span className="group-history__link">Test de grup · {g.author_name}</span>
              ) : (
                <Link to={`/grup/${g.hash}`} className="group-history__link">
                  Test de grup · {g.author_name}
                </Link>
              )}
              <p className="muted">
                {date(g.created_at)} · {g.grid_count} grile · {people(g.members)} în clasament
                {g.removed.length ? ` · eliminați de creator: ${g.removed.join(', ')}` : ''}
              </p>
            </div>
            <div className="group-history__side">
              <span className="chip chip--soft">{g.my_status === 'kicked' ? 'creatorul te-a eliminat' : STATUS[g.status]}</span>
              {g.my_score !== null ? <strong data-testid="group-history-score">{formatPoints(g.my_score)}</strong> : null}
            </div>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Link to="/grup/start" className="btn btn--primary">
          Începe un test de grup
        </Link>
      </div>
    </section>
  );
}
