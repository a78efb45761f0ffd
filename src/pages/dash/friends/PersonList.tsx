// One list of people on /prieteni (friends, requests, search results, blocked), each with the
// actions that fit where the viewer stands with them. An action that ends something (a friendship,
// a block) asks first (issue 23 §3), in a dialog that says what follows.
import { useState, type ReactNode } from 'react';
import type { Person } from '../../../api/friends.ts';
import { Modal } from '../../../shell/Modal.tsx';

export type Confirm = { title: string; text: ReactNode; yes: string };
export type Action = { label: string; run: () => void; ghost?: boolean; confirm?: Confirm };

export function PersonList<P extends Person>(props: {
  id: string;
  title: string;
  people: P[];
  empty: string;
  detail?: (p: P) => ReactNode;
  actions: (p: P) => Action[];
  busy: boolean;
}) {
  const [asking, setAsking] = useState<Action | null>(null);
  const close = () => setAsking(null);
  return (
    <section
      className="form-section friends-list"
      aria-labelledby={`${props.id}-title`}
      data-testid={props.id}
    >
      <h2 id={`${props.id}-title`} className="form-section__title">
        {props.title}{' '}
        {props.people.length > 0 ? <span className="muted">({props.people.length})</span> : null}
      </h2>
      {props.people.length === 0 ? <p className="muted">{props.empty}</p> : null}
      <ul className="friends-list__items">
        {props.people.map((p) => (
          <li key={p.id} className="friends-list__item" data-person={p.name}>
            {p.avatar_thumb_src ? (
              <img src={p.avatar_thumb_src} alt="" width={36} height={36} className="friends-list__avatar" />
            ) : null}
            <span className="friends-list__who">
              <strong>{p.name}</strong>
              {props.detail ? <span className="muted"> {props.detail(p)}</span> : null}
            </span>
            <span className="friends-list__actions">
              {props.actions(p).map((a) => (
                <button
                  key={a.label}
                  type="button"
                  className={`btn btn--small ${a.ghost ? 'btn--ghost' : 'btn--primary'}`}
                  disabled={props.busy}
                  onClick={a.confirm ? () => setAsking(a) : a.run}
                >
                  {a.label}
                </button>
              ))}
            </span>
          </li>
        ))}
      </ul>
      <Modal
        open={asking !== null}
        onClose={close}
        title={asking?.confirm?.title ?? ''}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={close}>
              Renunță
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => {
                const a = asking;
                close();
                a?.run();
              }}
            >
              {asking?.confirm?.yes}
            </button>
          </>
        }
      >
        <p>{asking?.confirm?.text}</p>
      </Modal>
    </section>
  );
}
