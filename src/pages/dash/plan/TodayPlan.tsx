// "Azi" (issue 31 §1): today's work from the study plan, first on the dashboard (/teste), with what
// is done ticked off, a countdown to each chosen exam, the line saying what changed, and the
// settings. Online it shows the server's plan and keeps it on the device; offline (or when the
// server does not answer) the device computes the same plan from that copy and says so.
// /teste?plan=setari opens the settings (the reminder mail's link to change or stop the reminder).
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from '../../../router/Link.tsx';
import { app } from '../../../state/app.ts';
import { fetchPlan, type PlanResponse } from '../../../api/plan.ts';
import { currentOwner } from '../../../offline/owner.ts';
import { devicePlan, storedPlan, storePlan } from '../../../offline/plan-mirror.ts';
import { plural } from '../../../shared/ro-count.ts';
import type { Plan, PlanCountdown, PlanItem } from '../../../shared/plan/types.ts';
import { dayDoneText } from '../../../shared/plan/texts.ro.ts';
import { PlanSettingsDialog } from './PlanSettingsDialog.tsx';
import './plan.css';

type Shown = { plan: Plan & { explanation_text: string | null }; res: PlanResponse; device: boolean };

const min = (m: number) => `${Math.ceil(m)} min`;

function itemText(it: PlanItem): { text: string; progress: string | null; done: boolean; to: string } {
  switch (it.kind) {
    case 'read':
      return { text: `Citește „${it.title}”${it.finishes ? '' : ' (o parte)'}`, progress: min(it.minutes), done: it.done, to: '/ai/cursuri' };
    case 'grids':
      return {
        text: `${plural(it.count, 'grilă nouă', 'grile noi')} din „${it.title}”`,
        progress: `${it.done_count} din ${it.count}`,
        done: it.done_count >= it.count,
        to: '/teste/start',
      };
    case 'reviews':
      return { text: `Recapitulează ${plural(it.count, 'grilă', 'grile')}`, progress: `${it.done_count} din ${it.count}`, done: it.done_count >= it.count, to: '/teste/recapitulare' };
    case 'simulation':
      return {
        text: `Simulare ${it.name}${it.fits ? '' : ' (opțional: ziua are mai puține minute decât simularea)'}`,
        progress: min(it.minutes),
        done: it.done,
        to: '/teste/simulare/centre',
      };
  }
}

function countdownText(c: PlanCountdown): string {
  const when = c.days_left === 0 ? 'azi' : c.days_left === 1 ? 'mâine' : `peste ${plural(c.days_left, 'zi', 'zile')}`;
  const date = new Date(`${c.exam_date}T12:00:00Z`).toLocaleDateString('ro-RO', { day: 'numeric', month: 'long', year: 'numeric' });
  return `${c.name}: ${when} (${date})`;
}

export function TodayPlan() {
  const { online } = useSnapshot(app);
  const [shown, setShown] = useState<Shown | null>(null);
  const [missing, setMissing] = useState(false);
  // The reminder e-mail links to /teste?plan=setari: the settings open, to change or stop it.
  const [settingsOpen, setSettingsOpen] = useState(() => typeof location !== 'undefined' && new URLSearchParams(location.search).get('plan') === 'setari');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const owner = currentOwner();
    if (!owner) return;
    let live = true;
    const fromDevice = async () => {
      const res = await storedPlan(owner);
      if (!live) return;
      if (!res) return setMissing(true);
      setShown({ plan: await devicePlan(res, new Date(), owner), res, device: true });
    };
    if (!online) {
      void fromDevice();
    } else {
      fetchPlan()
        .then(async (res) => {
          await storePlan(owner, res);
          if (live) setShown({ plan: { ...res.plan, days: res.plan.days }, res, device: false });
        })
        .catch(() => void fromDevice());
    }
    return () => {
      live = false;
    };
  }, [online, version]);

  const plan = shown?.plan;
  const today = plan?.days[0];
  const minutesToday = today?.minutes ?? 0;
  return (
    <article className="card hub-card today-plan" aria-labelledby="today-plan-h" data-testid="today-plan">
      <h2 id="today-plan-h">Azi</h2>
      {!shown ? (
        <p className="muted">{missing ? 'Planul de studiu nu este încă pe acest dispozitiv. Deschide pagina o dată online.' : 'Se încarcă…'}</p>
      ) : plan!.state === 'none' ? (
        <p>Alege centrul, data examenului și cât timp ai pe zi: îți facem un plan pe zile, până la examen.</p>
      ) : plan!.state === 'past' ? (
        <p>Examenele alese au trecut. Alege data următorului examen ca să primești un plan nou.</p>
      ) : (
        <>
          {plan!.explanation_text ? <p className="today-plan__change" role="status">{plan!.explanation_text}</p> : null}
          {today && today.exams.length ? (
            <p>Azi e ziua examenului. Succes!</p>
          ) : today && today.items.length ? (
            <>
              <p className="muted">Planul de azi: {Math.ceil(minutesToday)} din {plural(today.budget, 'minut', 'minute')}.</p>
              <ul className="today-plan__items">
                {today.items.map((it, i) => {
                  const t = itemText(it);
                  return (
                    <li key={i} className={t.done ? 'is-done' : undefined} data-kind={it.kind}>
                      <span className="today-plan__tick" aria-hidden="true">{t.done ? '✓' : ''}</span>
                      <Link to={t.to}>{t.text}</Link>
                      {t.progress ? <span className="today-plan__progress">{t.progress}</span> : null}
                      <span className="sr-only">{t.done ? ' — făcut' : ' — de făcut'}</span>
                    </li>
                  );
                })}
              </ul>
              {today.items.every((it) => itemText(it).done) ? (
                <p className="today-plan__done" role="status" data-testid="today-plan-done">
                  {dayDoneText(plan!.days[1]?.minutes ?? null)}
                </p>
              ) : null}
            </>
          ) : (
            <p>Azi nu ai nimic în plan{today?.budget === 0 ? ': e o zi liberă.' : '.'}</p>
          )}
          <ul className="today-plan__countdown" aria-label="Până la examene">
            {plan!.countdown.map((c) => (
              <li key={c.slug}>{countdownText(c)}</li>
            ))}
          </ul>
          <p className="muted today-plan__totals">
            Până la examen: {plural(plan!.totals.chapters_to_read, 'capitol', 'capitole')} de citit, {plural(plan!.totals.grids, 'grilă nouă', 'grile noi')},{' '}
            {plural(plan!.totals.simulations, 'simulare', 'simulări')}.
            {plan!.totals.unfit_grids + plan!.totals.unfit_chapters > 0
              ? ` Nu încap în timpul ales: ${plural(plan!.totals.unfit_chapters, 'capitol', 'capitole')} și ${plural(plan!.totals.unfit_grids, 'grilă', 'grile')}.`
              : ''}
          </p>
        </>
      )}
      {shown?.device ? <p className="today-plan__device">Copia de pe acest dispozitiv: se actualizează când revii online.</p> : null}
      {shown && online ? (
        <button type="button" className="btn btn--primary" onClick={() => setSettingsOpen(true)}>
          {plan!.state === 'none' ? 'Alege examenul' : 'Setările planului'}
        </button>
      ) : null}
      {shown && settingsOpen ? (
        <PlanSettingsDialog
          res={shown.res}
          onClose={() => setSettingsOpen(false)}
          onSaved={() => {
            setSettingsOpen(false);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </article>
  );
}
