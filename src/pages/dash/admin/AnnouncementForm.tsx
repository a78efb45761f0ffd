// An announcement to every user (issue 7 §4): a notification each, live and on their devices.
// It cannot be taken back, so sending asks first (issue 23 §3): a preview as people will see it
// and how many will receive it, counted by the server at that moment.
import { useState } from 'react';
import { getAnnouncementRecipients, sendAnnouncement } from '../../../api/notifications.ts';
import { errorCode } from '../../../api/errors.ts';
import {
  announcementBody,
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type AnnouncementBody,
} from '../../../shared/notification-rules.ts';
import { FormErrors, SubmitButton, TextField, useForm } from '../../../shell/form/index.ts';
import { Modal } from '../../../shell/Modal.tsx';
import { showToast } from '../../../state/toast.ts';

const EMPTY = { title: '', message: '', link: '' };
const usersText = (n: number) => (n === 1 ? 'un utilizator' : n % 100 >= 1 && n % 100 <= 19 ? `${n} utilizatori` : `${n} de utilizatori`);

export function AnnouncementForm() {
  const [pending, setPending] = useState<{ body: AnnouncementBody; count: number } | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initial: EMPTY,
    schema: announcementBody,
    toBody: (v) => ({
      title: v.title,
      message: v.message,
      ...(v.link.trim() ? { link: v.link.trim() } : {}),
    }),
    // Valid: not sent yet, the confirmation opens with the number of recipients.
    onSubmit: async (body) => {
      const { count } = await getAnnouncementRecipients();
      setError(null);
      setPending({ body, count });
    },
  });
  const confirm = async () => {
    if (!pending) return;
    setSending(true);
    try {
      const res = await sendAnnouncement(pending.body);
      showToast(res.success || 'ANNOUNCEMENT_SENT');
      setPending(null);
      form.reset(EMPTY);
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <form className="form" noValidate onSubmit={form.submit} aria-label="Anunț pentru toți utilizatorii">
        <TextField label="Titlu" maxLength={ANNOUNCEMENT_TITLE_MAX} {...form.field('title')} />
        <TextField label="Mesaj" multiline rows={4} maxLength={ANNOUNCEMENT_MESSAGE_MAX} {...form.field('message')} />
        <TextField
          label="Link în aplicație (opțional)"
          placeholder="/teste"
          hint="O cale din aplicație, de exemplu /ai/cursuri."
          {...form.field('link')}
        />
        <FormErrors codes={form.general} />
        <SubmitButton busy={form.busy}>Previzualizează anunțul</SubmitButton>
      </form>
      <Modal
        open={pending !== null}
        onClose={() => (sending ? undefined : setPending(null))}
        title="Trimiți anunțul?"
        footer={
          <>
            <button type="button" className="btn btn--ghost" disabled={sending} onClick={() => setPending(null)}>
              Înapoi la editare
            </button>
            <button type="button" className="btn btn--primary" disabled={sending} onClick={() => void confirm()}>
              {sending ? 'Se trimite…' : `Trimite la ${usersText(pending?.count ?? 0)}`}
            </button>
          </>
        }
      >
        <p>
          Îl primesc <strong data-testid="announcement-count">{usersText(pending?.count ?? 0)}</strong>: în notificări, live și pe
          dispozitivele cu notificări pornite. Un anunț trimis nu mai poate fi retras.
        </p>
        <div className="card notification notification--unread announcement-preview" aria-label="Previzualizare">
          <strong>{pending?.body.title}</strong>
          <p style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>{pending?.body.message}</p>
          {pending?.body.link ? <p className="muted">Deschide: {pending.body.link}</p> : null}
        </div>
        <FormErrors codes={error ? [error] : []} />
      </Modal>
    </>
  );
}
