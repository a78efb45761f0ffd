// "Trimite unui prieten" on a grid (issue 7 §3, the sharedConvoGrid state of SPEC §3): pick a
// friend, add a line, and the grid goes into your conversation as a card the friend can solve.
// Sent at once (not through the outbox) so a grid the friend may not see is said here, not later.
import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { Modal } from '../../shell/Modal.tsx';
import { Avatar } from '../../shell/Avatar.tsx';
import { getFriends, type Person } from '../../api/friends.ts';
import { postMessage } from '../../api/messages.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import { addMessage } from '../../state/messages.ts';
import { showToast } from '../../state/toast.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { MESSAGE_MAX, messageText } from '../../shared/message-rules.ts';
import './share-grid.css';

export default function ShareGridModal({ gridId, label, open, onClose }: { gridId: number; label: string; open: boolean; onClose: () => void }) {
  const [friends, setFriends] = useState<Person[] | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [text, setText] = useState('Uite o grilă pentru tine.');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || friends) return;
    getFriends()
      .then((o) => setFriends(o.friends))
      .catch((err: unknown) => setError(errorCode(err)));
  }, [open, friends]);

  const send = async () => {
    const me = app.user?.id;
    const parsed = messageText.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'FORM_MESSAGE_REQUIRED');
    if (to === null || me === undefined) return;
    setBusy(true);
    setError(null);
    try {
      const { message } = await postMessage(to, { id: crypto.randomUUID(), text: parsed.data, grid_id: gridId });
      addMessage(me, message);
      app.sharedConvoGrid[gridId] = true;
      showToast('MESSAGE_GRID_SHARED');
      onClose();
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Trimite ${label.toLowerCase()} unui prieten`}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Renunță
          </button>
          <button type="button" className="btn btn--primary" disabled={to === null || busy} onClick={() => void send()}>
            Trimite
          </button>
        </>
      }
    >
      {friends === null && !error ? <p className="muted">Se încarcă prietenii…</p> : null}
      {friends && friends.length === 0 ? (
        <p>
          Nu ai încă prieteni. <Link to="/prieteni">Găsește-ți colegii</Link> și trimiteți-vă grile.
        </p>
      ) : null}
      {friends && friends.length > 0 ? (
        <fieldset className="share-grid__friends">
          <legend className="visually-hidden">Alege prietenul</legend>
          {friends.map((f) => (
            <label key={f.id} className="share-grid__friend">
              <input type="radio" name="share-grid-friend" checked={to === f.id} onChange={() => setTo(f.id)} />
              <Avatar src={f.avatar_thumb_src} name={f.name} premium={false} size={32} />
              <span>{f.name}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {friends && friends.length > 0 ? (
        <label className="share-grid__text">
          <span>Mesaj</span>
          <textarea rows={2} maxLength={MESSAGE_MAX} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
      ) : null}
      {error ? (
        <p role="alert" className="share-grid__error">
          {messageFor(error)}
        </p>
      ) : null}
    </Modal>
  );
}
