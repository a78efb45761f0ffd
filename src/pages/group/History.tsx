// /grup/istoric — the group tests I took part in (or was invited to), newest first.
import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { fetchGroupHistory } from '../../api/groups.ts';
import type { GroupHistoryItem } from '../../shared/group-payloads.ts';
import '../../styles/group.css';
import { formatNumber } from '../../shared/number-format.ts';

const STATUS = { lobby: 'în așteptare', running: 'în desfășurare', finished: 'încheiat', stopped: 'oprit' } as const;
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
              <Link to={`/grup/${g.hash}`} className="group-history__link">
                Test de grup · {g.creator_name}
              </Link>
              <p className="muted">
                {date(g.created_at)} · {g.grid_count} grile · {g.members} participanți
              </p>
            </div>
            <div className="group-history__side">
              <span className="chip chip--soft">{STATUS[g.status]}</span>
              {g.my_score !== null ? <strong>{formatNumber(g.my_score)} p</strong> : null}
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
