// /grup/start — the creator (premium) picks the grids like a practice test (manual, chapters,
// count, difficulty, time per grid) and invites friends; or joins a group with its code. The
// server checks premium and friendship (SPEC §5) and answers with the lobby's hash.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { Link } from '../../router/Link.tsx';
import { getCourse, listCourses } from '../../api/courses.ts';
import { createGroup, fetchGroupFriends, joinByCode, type GroupFriend } from '../../api/groups.ts';
import { ApiError } from '../../api/errors.ts';
import {
  createGroupBody,
  GROUP_COUNT_MAX,
  GROUP_GRID_SECONDS_DEFAULT,
  GROUP_GRID_SECONDS_MAX,
  GROUP_PAUSE_SECONDS_DEFAULT,
  GROUP_PAUSE_SECONDS_MAX,
  GROUP_PAUSE_SECONDS_MIN,
} from '../../shared/group-schema.ts';
import { check } from '../../shared/validation.ts';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { ErrorList, FormErrors, SubmitButton } from '../../shell/form/index.ts';
import { splitErrors } from '../../shell/form/useForm.ts';
import type { Difficulty } from '../../shared/constants.ts';
import { ChaptersField, DifficultyField, ManualField } from '../../components/test-setup/SetupFields.tsx';
import { FreeFriendsNote, refusedNames } from './lobby/FreeFriends.tsx';
import '../../styles/tests.css';
import '../../styles/group.css';

type Errors = Record<string, string[]>;
const FIELDS = ['manual_id', 'chapter_ids', 'count', 'difficulty', 'seconds_per_grid', 'pause_seconds', 'invite_ids'];

export default function GroupStart() {
  const navigate = useNavigate();
  const { user } = useSnapshot(app);
  const [manuals, setManuals] = useState<Array<{ id: number; slug: string; title: string }>>([]);
  const [manualId, setManualId] = useState<number | null>(user?.manual_id ?? null);
  const [chapters, setChapters] = useState<Array<{ id: number; title: string }>>([]);
  const [chapterIds, setChapterIds] = useState<number[]>([]);
  const [count, setCount] = useState('10');
  const [seconds, setSeconds] = useState(String(GROUP_GRID_SECONDS_DEFAULT));
  const [pause, setPause] = useState(String(GROUP_PAUSE_SECONDS_DEFAULT));
  const [difficulty, setDifficulty] = useState<Difficulty | ''>('');
  const [friends, setFriends] = useState<GroupFriend[] | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [invite, setInvite] = useState<number[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    listCourses()
      .then((r) => setManuals(r.manuals.map((m) => ({ id: m.id, slug: m.slug, title: m.title }))))
      .catch(() => setManuals([]));
    fetchGroupFriends()
      .then((r) => setFriends(r.friends))
      .catch(() => setFriends([]));
  }, []);
  useEffect(() => {
    if (manualId === null && manuals.length) setManualId(manuals[0]!.id);
  }, [manuals, manualId]);
  const manual = manuals.find((m) => m.id === manualId);
  useEffect(() => {
    setChapterIds([]);
    if (!manual) return setChapters([]);
    let live = true;
    getCourse(manual.slug)
      .then((r) => live && setChapters(r.chapters.map((c) => ({ id: c.id, title: c.title }))))
      .catch(() => live && setChapters([]));
    return () => {
      live = false;
    };
  }, [manual?.id, manual?.slug]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const body = {
      manual_id: manualId ?? 0,
      chapter_ids: chapterIds,
      count: Number(count),
      difficulty: difficulty || null,
      seconds_per_grid: Number(seconds),
      pause_seconds: Number(pause),
      invite_ids: invite,
    };
    const invalid = check(createGroupBody, body);
    if (invalid) return setErrors(splitErrors(invalid, FIELDS));
    setErrors({});
    setRefused([]);
    setBusy(true);
    try {
      const r = await createGroup(body);
      showToast('GROUP_TEST_CREATED');
      navigate(`/grup/${r.hash}`);
    } catch (err) {
      setErrors(err instanceof ApiError ? splitErrors(err.body, FIELDS) : { general: ['FORM_AN_ERROR_HAS_OCCURRED'] });
      setRefused(refusedNames(err));
    } finally {
      setBusy(false);
    }
  }

  const fe = (name: string) => errors[name] ?? [];
  return (
    <section className="page page--narrow tests-start group-start" aria-labelledby="group-start-title">
      <header className="page-header">
        <h1 id="group-start-title">Începe un test de grup</h1>
        <p className="muted">Aceleași grile pentru toți, cu un cronometru comun. Tu și prietenii invitați aveți nevoie de Premium.</p>
      </header>
      <JoinByCode />
      <form className="card form tests-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <ManualField id="group-manual" manuals={manuals} value={manualId} onChange={setManualId} empty="Se încarcă…" errors={fe('manual_id')} />
        <ChaptersField chapters={chapters} picked={chapterIds} onToggle={(id) => setChapterIds((l) => toggle(l, id))} errors={fe('chapter_ids')} />
        <div className="form-row">
          <div className={`form-field${fe('count').length ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor="group-count">
              Număr de grile
            </label>
            <input id="group-count" className="form-field__input" type="number" inputMode="numeric" min={1} max={GROUP_COUNT_MAX} value={count} onChange={(e) => setCount(e.target.value)} />
            <ErrorList codes={fe('count')} />
          </div>
          <div className={`form-field${fe('seconds_per_grid').length ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor="group-seconds">
              Secunde pe grilă
            </label>
            <input id="group-seconds" className="form-field__input" type="number" inputMode="numeric" min={10} max={GROUP_GRID_SECONDS_MAX} value={seconds} onChange={(e) => setSeconds(e.target.value)} />
            <ErrorList codes={fe('seconds_per_grid')} />
          </div>
          <div className={`form-field${fe('pause_seconds').length ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor="group-pause">
              Pauză după fiecare grilă (secunde)
            </label>
            <input
              id="group-pause"
              className="form-field__input"
              type="number"
              inputMode="numeric"
              min={GROUP_PAUSE_SECONDS_MIN}
              max={GROUP_PAUSE_SECONDS_MAX}
              value={pause}
              onChange={(e) => setPause(e.target.value)}
              aria-describedby="group-pause-hint"
            />
            <p id="group-pause-hint" className="form-field__hint muted">
              Timp pentru răspunsul corect și explicație, între {GROUP_PAUSE_SECONDS_MIN} și {GROUP_PAUSE_SECONDS_MAX} s.
            </p>
            <ErrorList codes={fe('pause_seconds')} />
          </div>
        </div>
        <DifficultyField value={difficulty} onChange={setDifficulty} />
        <fieldset className="form-fieldset">
          <legend className="form-field__label">Invită prieteni (cu Premium)</legend>
          {friends === null ? <p className="muted">Se încarcă…</p> : null}
          {friends?.length === 0 ? (
            <p className="muted">
              Nu ai încă prieteni. <Link to="/prieteni">Adaugă prieteni</Link> ca să-i poți invita.
            </p>
          ) : null}
          <div className="chapters-pick__list">
            {friends?.map((f) => (
              <label key={f.id} className={`check-line${f.premium ? '' : ' is-unavailable'}`} data-friend={f.id}>
                <input type="checkbox" checked={invite.includes(f.id)} disabled={!f.premium} onChange={() => setInvite((l) => toggle(l, f.id))} /> {f.name}
                {f.premium ? null : <span className="chip chip--soft group-free-tag">fără Premium</span>}
              </label>
            ))}
          </div>
          <FreeFriendsNote friends={friends} />
          <ErrorList codes={fe('invite_ids')} />
          {refused.length ? (
            <ul className="form-field__errors" data-testid="group-refused">
              <li>Fără Premium: {refused.join(', ')}.</li>
            </ul>
          ) : null}
        </fieldset>
        <FormErrors codes={fe('general')} />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Se creează testul…">
            Creează testul de grup
          </SubmitButton>
          <Link to="/grup/istoric" className="btn btn--ghost">
            Istoric
          </Link>
        </div>
      </form>
    </section>
  );
}

function JoinByCode() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const r = await joinByCode(code);
      navigate(`/grup/${r.hash}`);
    } catch (err) {
      setErrors(err instanceof ApiError ? splitErrors(err.body, ['code']) : { general: ['FORM_AN_ERROR_HAS_OCCURRED'] });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="card form group-code" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className={`form-field${errors.code?.length ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor="group-code">
          Ai un cod de invitație?
        </label>
        <div className="group-code__row">
          <input id="group-code" className="form-field__input" autoComplete="off" maxLength={20} value={code} onChange={(e) => setCode(e.target.value)} placeholder="ex. KX7M 4PRA" />
          <SubmitButton busy={busy} busyLabel="Se intră…">
            Intră
          </SubmitButton>
        </div>
        <ErrorList codes={errors.code ?? []} />
        <FormErrors codes={errors.general ?? []} />
      </div>
    </form>
  );
}
