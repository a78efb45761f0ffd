// An announcement to every user (issue 7 §4): a notification each, live and on their devices.
import { sendAnnouncement } from '../../../api/notifications.ts';
import {
  announcementBody,
  ANNOUNCEMENT_MESSAGE_MAX,
  ANNOUNCEMENT_TITLE_MAX,
} from '../../../shared/notification-rules.ts';
import { FormErrors, SubmitButton, TextField, useForm } from '../../../shell/form/index.ts';
import { showToast } from '../../../state/toast.ts';

const EMPTY = { title: '', message: '', link: '' };

export function AnnouncementForm() {
  const form = useForm({
    initial: EMPTY,
    schema: announcementBody,
    toBody: (v) => ({
      title: v.title,
      message: v.message,
      ...(v.link.trim() ? { link: v.link.trim() } : {}),
    }),
    onSubmit: async (body) => {
      const res = await sendAnnouncement(body);
      showToast(res.success || 'ANNOUNCEMENT_SENT');
      form.reset(EMPTY);
    },
  });
  return (
    <form className="form" noValidate onSubmit={form.submit} aria-label="Anunț pentru toți utilizatorii">
      <TextField label="Titlu" maxLength={ANNOUNCEMENT_TITLE_MAX} {...form.field('title')} />
      <TextField
        label="Mesaj"
        multiline
        rows={4}
        maxLength={ANNOUNCEMENT_MESSAGE_MAX}
        {...form.field('message')}
      />
      <TextField
        label="Link în aplicație (opțional)"
        placeholder="/teste"
        hint="O cale din aplicație, de exemplu /ai/cursuri."
        {...form.field('link')}
      />
      <FormErrors codes={form.general} />
      <SubmitButton busy={form.busy}>Trimite anunțul</SubmitButton>
    </form>
  );
}
