// Signing out with unsent answers or messages warns first (issue 11 §1, issue 23 §3): they stay
// on this device and are sent when the same account signs in again; never with another account.
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { logout } from '../state/user.ts';
import { answersText } from '../offline/sync-state.ts';
import { Modal } from './Modal.tsx';

const capital = (s: string) => s.replace(/^./, (c) => c.toUpperCase());
const messagesText = (n: number) => (n === 1 ? 'un mesaj' : n % 100 >= 1 && n % 100 <= 19 ? `${n} mesaje` : `${n} de mesaje`);

export function LogoutConfirm() {
  const { logoutConfirm, logoutWork } = useSnapshot(app);
  const close = () => {
    app.logoutConfirm = null;
  };
  const n = logoutConfirm ?? 0;
  const parts: string[] = [];
  if (logoutWork.tests > 0) parts.push(n > 0 ? answersText(n) : 'modificări ale unui test');
  if (logoutWork.messages > 0) parts.push(messagesText(logoutWork.messages));
  // The verb agrees with what waits: "1 răspuns … nu a ajuns", "un mesaj și 2 răspunsuri … nu au ajuns".
  const many = parts.length > 1 || (logoutWork.tests > 0 ? n !== 1 : logoutWork.messages !== 1);
  const title =
    logoutWork.tests > 0 && logoutWork.messages > 0
      ? 'Ai răspunsuri și mesaje netrimise'
      : logoutWork.messages > 0
        ? 'Ai mesaje netrimise'
        : 'Ai răspunsuri netrimise';
  return (
    <Modal
      open={logoutConfirm !== null}
      onClose={close}
      title={title}
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
        {capital(parts.join(' și ') || answersText(n))} din acest cont {many ? 'nu au ajuns' : 'nu a ajuns'} încă pe server. Dacă te
        deconectezi, {many ? 'rămân' : 'rămâne'} pe acest dispozitiv și {many ? 'se trimit' : 'se trimite'} când te conectezi din nou cu
        același cont — niciodată cu alt cont.
      </p>
      <p className="muted">Rămânând conectat, {many ? 'se trimit' : 'se trimite'} automat imediat ce serverul răspunde.</p>
    </Modal>
  );
}
