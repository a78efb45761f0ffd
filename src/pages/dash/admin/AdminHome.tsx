// /admin: entry points and signed preview links (copy to clipboard → TEXT_COPIED).
import { useState, type FormEvent } from 'react';
import { Link } from '../../../router/Link.tsx';
import { createPreviewLink } from '../../../api/admin.ts';
import { errorCode } from '../../../api/errors.ts';
import { AdminGate } from '../../../components/content/AdminGate.tsx';
import { ErrorList } from '../../../shell/form/index.ts';
import { AnnouncementForm } from './AnnouncementForm.tsx';
import { copyText } from '../../../shell/copy-text.ts';

export function PreviewLinkForm({ initialGrid = '' }: { initialGrid?: string }) {
  const [gridId, setGridId] = useState(initialGrid);
  const [hours, setHours] = useState('24');
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const id = Number(gridId);
    const ttl = Math.round(Number(hours.replace(',', '.')) * 60);
    if (!Number.isInteger(id) || id <= 0) return setError('FORM_GRID_NOT_FOUND');
    if (!Number.isFinite(ttl) || ttl < 1 || ttl > 60 * 24 * 30) return setError('FIELD_INVALID');
    try {
      setLink(await createPreviewLink(id, ttl));
    } catch (err) {
      setError(errorCode(err));
    }
  };
  return (
    <form className="form preview-link-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="form-field">
        <label className="form-field__label" htmlFor="preview-grid">
          ID-ul grilei
        </label>
        <input id="preview-grid" className="form-field__input" inputMode="numeric" value={gridId} onChange={(e) => setGridId(e.target.value)} />
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor="preview-hours">
          Valabil (ore, cel mult 720)
        </label>
        <input id="preview-hours" className="form-field__input" inputMode="decimal" value={hours} onChange={(e) => setHours(e.target.value)} />
      </div>
      {error ? <ErrorList codes={[error]} className="form-errors" /> : null}
      <button type="submit" className="btn btn--primary btn--small">
        Creează linkul
      </button>
      {link ? (
        <div className="preview-link">
          <input className="form-field__input" readOnly value={link.url} aria-label="Link de previzualizare" onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void copyText(link.url)}>
            Copiază linkul
          </button>
          <p className="muted">Expiră la {new Date(link.expires_at).toLocaleString('ro-RO')}.</p>
        </div>
      ) : null}
    </form>
  );
}

export default function AdminHome() {
  return (
    <AdminGate title="Administrare">
      <ul className="admin-hub">
        <li className="card">
          <h2>
            <Link to="/admin/raportari">Raportări</Link>
          </h2>
          <p>Greșelile semnalate de utilizatori: răspunde, corectează grila, marchează rezolvat.</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/admin/calitate">Calitatea grilelor</Link>
          </h2>
          <p>Grilele pe care cei buni le greșesc mai des decât cei slabi, cele pe care aproape nimeni nu le rezolvă și cele raportate.</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/admin/continut">Conținut</Link>
          </h2>
          <p>Manuale, capitole (titlu, rezumat, ordine, premium, blocuri) și grilele trimise de utilizatori.</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/admin/comunitate">Comunitate</Link>
          </h2>
          <p>Comentariile raportate (ascunde, fixează, răspunde ca echipa, respinge) și starea propunerilor.</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/admin/simulari">Simulări</Link>
          </h2>
          <p>Construiește o simulare în formatul unui centru din banca de grile, cu fereastră de date și Premium, apoi public-o.</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/admin/punctare">Profiluri de punctare</Link>
          </h2>
          <p>Regulile de notare ale fiecărui centru (intervale, punctaj parțial, formula notei, bacalaureat), cu un exemplu de calcul înainte de salvare.</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/admin/facturi">Facturi</Link>
          </h2>
          <p>Registrul facturilor: caută după cod, cumpărător sau email, descarcă PDF-ul, stornează pentru o rambursare.</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/admin/cupoane">Cupoane</Link>
          </h2>
          <p>Coduri de reducere sau de zile Premium: valabilitate, număr maxim de utilizatori, familie, pachete; câte s-au folosit; dezactivare.</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/admin/date-examen">Datele examenelor</Link>
          </h2>
          <p>Data admiterii la fiecare centru, pe ani, cu sursa ei: setările planului de studiu pornesc de la ea.</p>
        </li>
      </ul>
      <section className="card" aria-labelledby="preview-title">
        <h2 id="preview-title">Link de previzualizare</h2>
        <p className="muted">Oricine are linkul vede grila cu răspunsul și explicația, până la expirare.</p>
        <PreviewLinkForm />
      </section>
      <section className="card" aria-labelledby="announcement-form-title">
        <h2 id="announcement-form-title">Anunț pentru toți</h2>
        <p className="muted">Fiecare utilizator primește o notificare în /notificari, live și pe dispozitivele abonate.</p>
        <AnnouncementForm />
      </section>
    </AdminGate>
  );
}
