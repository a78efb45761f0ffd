// The creator's (and a member's) actions that cannot be undone — stop the test, remove someone,
// hand the creator role on, leave — ask first: on a phone "Oprește testul" sits right under
// "Pornește testul", and one stray tap ended a whole group's test.
import { useRef, useState } from 'react';
import { Modal } from '../../../shell/Modal.tsx';

export type Ask = { title: string; text: string; confirm: string; action: () => void };

export function useConfirm() {
  const [ask, setAsk] = useState<Ask | null>(null);
  // Kept while the modal fades out, so its text does not vanish mid-animation.
  const last = useRef<Ask | null>(null);
  if (ask) last.current = ask;
  const shown = ask ?? last.current;
  const close = () => setAsk(null);
  const dialog = (
    <Modal
      open={ask !== null}
      onClose={close}
      title={shown?.title ?? ''}
      className="group-confirm"
      footer={
        <>
          <button
            type="button"
            className="btn btn--danger"
            data-testid="group-confirm"
            onClick={() => {
              close();
              shown?.action();
            }}
          >
            {shown?.confirm}
          </button>
          <button type="button" className="btn btn--ghost" onClick={close}>
            Renunță
          </button>
        </>
      }
    >
      <p>{shown?.text}</p>
    </Modal>
  );
  return { confirm: setAsk, dialog };
}
