// For screens that need the network (premium and payments, messages, friends, community,
// ranking, notifications): offline, the screen shows FORM_NETWORK_REQUIRED instead of failing,
// and its content (and its effects, which would call the API) does not mount until back online.
import type { ReactNode } from 'react';
import { Link } from '../../router/Link.tsx';
import { useOnline } from '../../offline/network.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { useProduct } from '../useProduct.ts';
import { Icon } from '../icons.tsx';

export function NetworkRequired({ title, children }: { title: string; children: ReactNode }) {
  const online = useOnline();
  const product = useProduct();
  if (online) return <>{children}</>;
  return (
    <section className="page page--narrow network-required">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <div className="notice notice--info" role="status">
        <Icon name="alert" />
        <p>{messageFor('FORM_NETWORK_REQUIRED', product)}</p>
      </div>
      <p className="muted">Până atunci poți citi manualele descărcate și rezolva teste: răspunsurile se sincronizează când revii online.</p>
      <div className="network-required__actions">
        <Link to="/ai/cursuri" className="btn btn--primary">
          Manualele mele
        </Link>
        <Link to="/teste" className="btn btn--ghost">
          Teste
        </Link>
      </div>
    </section>
  );
}
