// The "report a mistake" form of a grid (issue 11 §4.4), loaded only when the candidate opens it:
// the form, its zod schema and the form fields stay off the solve screen's first load (issue 12 §2).
// The report is saved on the device first and sent by the per-grid queue (src/offline/grid-actions.ts).
import { z } from 'zod';
import { reportGridQueued } from '../../offline/grid-actions.ts';
import { reportReason } from '../../shared/validation.ts';
import { showToast } from '../../state/toast.ts';
import { Modal } from '../../shell/Modal.tsx';
import { useForm } from '../../shell/form/useForm.ts';
import { TextField } from '../../shell/form/TextField.tsx';
import { SubmitButton } from '../../shell/form/SubmitButton.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';

const reportSchema = z.object({ reason: reportReason });

export default function QueuedReportModal({
  gridId,
  label,
  open,
  onClose,
}: {
  gridId: number;
  label: string;
  open: boolean;
  onClose: () => void;
}) {
  const form = useForm({
    initial: { reason: '' },
    schema: reportSchema,
    onSubmit: async (body) => {
      const outcome = await reportGridQueued(gridId, body.reason);
      // True words: 'sent' only when the server has it; otherwise it waits on the device.
      showToast(
        outcome === 'sent' ? 'GRID_REPORTED' : 'GRID_REPORT_QUEUED',
        outcome === 'sent' ? 'success' : 'warning',
      );
      form.reset();
      onClose();
    },
  });
  return (
    <Modal open={open} onClose={onClose} title={`Raportează ${label.toLowerCase()}`}>
      <form className="form" onSubmit={form.submit} noValidate>
        <TextField
          label="Ce greșeală ai găsit?"
          multiline
          rows={5}
          maxLength={5000}
          hint="Între 5 și 5000 de caractere. Spune-ne varianta corectă și, dacă poți, sursa."
          {...form.field('reason')}
        />
        <FormErrors codes={form.general} />
        <div className="form-actions">
          <SubmitButton busy={form.busy}>Trimite raportarea</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
