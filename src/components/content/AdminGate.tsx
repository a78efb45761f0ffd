// Admin screens are only for user.is_admin; others read FORM_ADMIN_REQUIRED.
import type { ReactNode } from 'react';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { ErrorList } from '../../shell/form/index.ts';
import { PageLoading } from '../../router/RoutePage.tsx';
import '../../styles/content.css';

export function AdminGate({ title, children }: { title: string; children: ReactNode }) {
  const { user } = useSnapshot(app);
  if (!user) return <PageLoading />;
  return (
    <section className="page admin-page" aria-labelledby="admin-title">
      <nav className="admin-nav" aria-label="Administrare">
        <Link to="/admin">Administrare</Link>
        <Link to="/admin/raportari">Raportări</Link>
        <Link to="/admin/calitate">Calitate</Link>
        <Link to="/admin/continut">Conținut</Link>
        <Link to="/admin/comunitate">Comunitate</Link>
        <Link to="/admin/simulari">Simulări</Link>
        <Link to="/admin/punctare">Punctare</Link>
        <Link to="/admin/facturi">Facturi</Link>
        <Link to="/admin/cupoane">Cupoane</Link>
        <Link to="/admin/date-examen">Date examen</Link>
      </nav>
      <h1 id="admin-title">{title}</h1>
      {user.is_admin ? children : <ErrorList codes={['FORM_ADMIN_REQUIRED']} className="form-errors" />}
    </section>
  );
}
