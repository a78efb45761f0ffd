// Signing out with unsent answers warns first (issue 11 §1): the answers stay on this device and
// are sent when the same account signs in again; they are never sent with another account.
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { logout } from '../state/user.ts';
import { answersText } from '../offline/sync-state.ts';
import { Modal } from './Modal.tsx';

export function LogoutConfirm() {
  const { logoutConfirm } = useSnapshot(app);
  const close = () => {
    app.logoutConfirm = null;
  };
  const n = logoutConfirm ?? 0;
  return (
    <Modal
      open={logoutConfirm !== null}
      onClose={close}
      title="Ai răspunsuri netrimise"
      footer={
        <>
          <button type="button" className="btn btn--primary" onClick={close}>
            Rămân conectat
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => void logout({ force: true })}>
            Deconectează-te oricum
          </button>
        </>
      }
    >
      <p>
        {n > 0 ? `${answersText(n).replace(/^./, (c) => c.toUpperCase())} din acest cont ${n === 1 ? 'nu a ajuns' : 'nu au ajuns'} încă pe server.` : 'Modificări ale unui test din acest cont nu au ajuns încă pe server.'} Dacă te deconectezi,
        rămân pe acest dispozitiv și se trimit când te conectezi din nou cu același cont — niciodată cu alt cont.
      </p>
      <p className="muted">Rămânând conectat, se trimit automat imediat ce serverul răspunde.</p>
    </Modal>
  );
}
