// The plan's settings (issue 31 §1): the centres (at most 5) with the exam date of each, prefilled
// from the dates an administrator keeps and editable, and the minutes for each weekday. Checked
// with the shared schema before sending; the server's codes are shown the same way. The daily
// reminder's hour (none by default, 06–22 Bucharest time) is chosen, changed or stopped here.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Modal } from '../../../shell/Modal.tsx';
import { app } from '../../../state/app.ts';
import { savePlanSettings, type PlanResponse } from '../../../api/plan.ts';
import { ApiError, errorCode } from '../../../api/errors.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import { showToast } from '../../../state/toast.ts';
import { planSettingsBody } from '../../../shared/plan-schema.ts';
import { DEFAULT_SCORING_PROFILES } from '../../../shared/scoring-profiles.ts';
import { bucharestDate } from '../../../shared/plan/calendar.ts';
import { hourLabel, REMINDER_HOURS } from '../../../shared/plan/reminder.ts';
import '../../../styles/forms.css';

const WEEKDAYS = ['Luni', 'Marți', 'Miercuri', 'Joi', 'Vineri', 'Sâmbătă', 'Duminică'];

export function PlanSettingsDialog({ res, onClose, onSaved }: { res: PlanResponse; onClose: () => void; onSaved: () => void }) {
  const { product } = useSnapshot(app);
  const today = bucharestDate();
  const chosen = new Map(res.settings.centres.map((c) => [c.slug, c.exam_date]));
  const adminDate = (slug: string) => res.exam_dates.find((d) => d.slug === slug && d.exam_date >= today);
  const [dates, setDates] = useState<Record<string, string>>(() =>
    Object.fromEntries(DEFAULT_SCORING_PROFILES.map((p) => [p.slug, chosen.get(p.slug) ?? adminDate(p.slug)?.exam_date ?? ''])),
  );
  const [picked, setPicked] = useState<Set<string>>(() => new Set(chosen.keys()));
  const [minutes, setMinutes] = useState<string[]>(() => res.settings.week_minutes.map(String));
  const [reminder, setReminder] = useState<string>(() => (res.settings.reminder_hour === null ? '' : String(res.settings.reminder_hour)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    const body = {
      centres: DEFAULT_SCORING_PROFILES.filter((p) => picked.has(p.slug)).map((p) => ({ slug: p.slug, exam_date: dates[p.slug] ?? '' })),
      week_minutes: minutes.map((m) => (m.trim() === '' ? 0 : Number(m))),
      reminder_hour: reminder === '' ? null : Number(reminder),
    };
    const check = planSettingsBody.safeParse(body);
    if (!check.success) return setError(check.error.issues[0]?.message ?? 'FIELD_INVALID');
    setBusy(true);
    setError(null);
    try {
      const saved = await savePlanSettings(body);
      showToast(saved.success);
      onSaved();
    } catch (err) {
      setError(err instanceof ApiError ? err.code : errorCode(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Setările planului"
      className="plan-settings"
      footer={
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void save()}>
          Salvează planul
        </button>
      }
    >
      {error ? (
        <p className="form-errors" role="alert">
          {messageFor(error, product)}
        </p>
      ) : null}
      <fieldset className="plan-settings__centres">
        <legend>Centrele și data examenului (cel mult 5)</legend>
        {DEFAULT_SCORING_PROFILES.map((p) => {
          const demo = adminDate(p.slug);
          return (
            <div key={p.slug} className="plan-settings__centre">
              <label>
                <input
                  type="checkbox"
                  checked={picked.has(p.slug)}
                  onChange={(e) => {
                    const next = new Set(picked);
                    if (e.target.checked) next.add(p.slug);
                    else next.delete(p.slug);
                    setPicked(next);
                  }}
                />{' '}
                {p.name}
              </label>
              {picked.has(p.slug) ? (
                <span className="plan-settings__date">
                  <input
                    type="date"
                    className="form-field__input"
                    aria-label={`Data examenului la ${p.name}`}
                    value={dates[p.slug] ?? ''}
                    min={today}
                    onChange={(e) => setDates({ ...dates, [p.slug]: e.target.value })}
                  />
                  {demo?.is_demo && dates[p.slug] === demo.exam_date ? <small className="muted"> dată orientativă, verific-o pe site-ul universității</small> : null}
                </span>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <fieldset className="plan-settings__week">
        <legend>Minute de studiu pe zi (0 = zi liberă)</legend>
        {WEEKDAYS.map((day, i) => (
          <label key={day}>
            {day}
            <input
              type="number"
              className="form-field__input"
              inputMode="numeric"
              min={0}
              max={600}
              step={5}
              value={minutes[i]}
              onChange={(e) => setMinutes(minutes.map((m, k) => (k === i ? e.target.value : m)))}
            />
          </label>
        ))}
      </fieldset>
      <fieldset className="plan-settings__reminder">
        <legend>Memento zilnic</legend>
        <label>
          Amintește-mi la
          <select className="form-field__input" value={reminder} onChange={(e) => setReminder(e.target.value)}>
            <option value="">Fără memento</option>
            {REMINDER_HOURS.map((h) => (
              <option key={h} value={String(h)}>
                {hourLabel(h)}
              </option>
            ))}
          </select>
        </label>
        <small className="muted">
          Ora României. Primești mementoul doar în zilele în care mai ai ceva din plan: ca notificare pe dispozitiv dacă ai
          notificările pornite, altfel pe e-mail.
        </small>
      </fieldset>
    </Modal>
  );
}
