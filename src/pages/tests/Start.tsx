// /teste/start — build a test. Online: POST /tests with a client uuid, GET it, store it on the
// device. Offline (or when the request cannot reach the server): the same filters over the
// grids of the downloaded manuals, queued for the server.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { warmPage } from '../../router/pages.tsx';
import { whenIdle } from '../../shell/when-idle.ts';
import { useShowWhenReady } from './start/useShowWhenReady.ts';
import { OfflineManuals } from './start/OfflineManuals.tsx';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '../../offline/db.ts';
import { NotEnoughGridsError, storeServerTest, type TestFilters } from '../../offline/local-tests.ts';
import { createOfflineTest, prepareOfflineTest } from '../../offline/offline-draw.ts';
import { dropAhead } from '../../offline/draw-ahead.ts';
import { createOnline } from '../../offline/create-test.ts';
import { fetchAvailable } from '../../api/practice.ts';
import { getCourse, listCourses } from '../../api/courses.ts';
import { ApiError } from '../../api/errors.ts';
import { createTestBody, TEST_COUNT_MAX, TEST_TIME_LIMIT_MIN_MAX } from '../../shared/test-schema.ts';
import { check } from '../../shared/validation.ts';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { ErrorList, FormErrors, SubmitButton } from '../../shell/form/index.ts';
import { splitErrors } from '../../shell/form/useForm.ts';
import { CREATE_WITH_FALLBACK_TIMEOUT_MS, type Difficulty } from '../../shared/constants.ts';
import { ChaptersField, DifficultyField, ManualField, MeasuredField } from '../../components/test-setup/SetupFields.tsx';
import type { MeasuredBand } from '../../shared/item-stats.ts';
import '../../styles/tests.css';

type Manual = { id: number; slug: string; title: string; offline: boolean };
type Chapter = { id: number; title: string };
type Errors = Record<string, string[]>;

/** After a change of the form, the pause before the draw is made ahead (a candidate typing a count changes it per key). */
const DRAW_AHEAD_DELAY_MS = 300;

export default function Start() {
  const navigate = useNavigate();
  const { online, user } = useSnapshot(app);
  // Links that start here say what they want: a chapter's "Exersează" (?manual=&chapters=), the
  // first steps' short tutor test (?mod=tutor).
  const [params] = useSearchParams();
  const wanted = useMemo(() => {
    const manual = Number(params.get('manual'));
    const chapters = (params.get('chapters') ?? '').split(',').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
    return { manual: Number.isSafeInteger(manual) && manual > 0 ? manual : null, chapters };
  }, [params]);
  const local = useLiveQuery(() => db.manuals.toArray(), []);
  const [remote, setRemote] = useState<Manual[] | null>(null);
  const [manualId, setManualId] = useState<number | null>(wanted.manual ?? user?.manual_id ?? null);
  // The chapters read, with the manual they belong to (null: none read yet).
  const [read, setRead] = useState<{ manual: number | null; chapters: Chapter[] }>({ manual: null, chapters: [] });
  const chapters = read.chapters;
  const [chapterIds, setChapterIds] = useState<number[]>([]);
  const [count, setCount] = useState('10');
  const [difficulty, setDifficulty] = useState<Difficulty | ''>('');
  const [measured, setMeasured] = useState<MeasuredBand | ''>('');
  const [onlyUnseen, setOnlyUnseen] = useState(false);
  const [onlyWrong, setOnlyWrong] = useState(false);
  const [onlyFavorites, setOnlyFavorites] = useState(false);
  const [mode, setMode] = useState<'tutor' | 'exam'>(params.get('mod') === 'tutor' ? 'tutor' : 'exam');
  const [timeLimit, setTimeLimit] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [available, setAvailable] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  // "Începe testul" leads to the solve screen: its code is loaded while the candidate picks.
  useEffect(() => whenIdle(() => warmPage('tests/Solve')), []);

  useEffect(() => {
    if (!online) return;
    listCourses()
      .then((r) => setRemote(r.manuals.map((m) => ({ id: m.id, slug: m.slug, title: m.title, offline: false }))))
      .catch(() => setRemote(null));
  }, [online]);

  const downloaded = useMemo(() => (local ?? []).filter((m) => m.downloaded_at), [local]);
  const manuals: Manual[] = useMemo(() => {
    const offlineIds = new Set(downloaded.map((m) => m.id));
    if (online && remote) return remote.map((m) => ({ ...m, offline: offlineIds.has(m.id) }));
    return downloaded.map((m) => ({ id: m.id, slug: m.slug, title: m.title, offline: true }));
  }, [online, remote, downloaded]);

  useEffect(() => {
    if (manualId === null && manuals.length) setManualId(manuals[0]!.id);
  }, [manuals, manualId]);

  const manual = manuals.find((m) => m.id === manualId);
  useEffect(() => {
    // The chapters a link asked for, once, for the manual it named.
    setChapterIds(manual && manual.id === wanted.manual ? wanted.chapters : []);
    if (!manual) {
      setRead({ manual: null, chapters: [] });
      return;
    }
    let live = true;
    const show = (list: Chapter[]) => live && setRead({ manual: manual.id, chapters: list });
    const fromDevice = () =>
      db.chapters
        .where('manual_id')
        .equals(manual.id)
        .sortBy('sort')
        .then((rows) => show(rows.map((c) => ({ id: c.id, title: c.title }))));
    if (online)
      getCourse(manual.slug)
        .then((r) => show(r.chapters.map((c) => ({ id: c.id, title: c.title }))))
        .catch(() => void fromDevice());
    else void fromDevice();
    return () => {
      live = false;
    };
  }, [manual?.id, manual?.slug, online]); // eslint-disable-line react-hooks/exhaustive-deps

  // Online, the builder says how many grids the filters allow before starting (a refusal says it too).
  const [matching, setMatching] = useState<number | null>(null);
  useEffect(() => {
    setMatching(null);
    if (!online || !manualId) return;
    let live = true;
    const filters = { manual_id: manualId, chapter_ids: chapterIds, difficulty: difficulty || null, measured: measured || null, only_unseen: onlyUnseen, only_wrong: onlyWrong, only_favorites: onlyFavorites };
    const timer = setTimeout(() => {
      fetchAvailable(filters)
        .then((r) => live && setMatching(r.available))
        .catch(() => undefined);
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [online, manualId, chapterIds, difficulty, measured, onlyUnseen, onlyWrong, onlyFavorites]);

  const toggleChapter = (id: number) => setChapterIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  /** What the form says: the request's body, and the filters of a test drawn on the device. */
  function readForm(id: string) {
    const raw = {
      id,
      manual_id: manualId ?? 0,
      chapter_ids: chapterIds,
      count: Number(count),
      difficulty: difficulty || null,
      measured: measured || null,
      only_unseen: onlyUnseen,
      only_wrong: onlyWrong,
      only_favorites: onlyFavorites,
      mode,
      time_limit_min: timeLimit.trim() ? Number(timeLimit) : null,
    };
    const filters: TestFilters = {
      manual_id: raw.manual_id,
      chapter_ids: raw.chapter_ids,
      count: raw.count,
      difficulty: raw.difficulty,
      only_unseen: onlyUnseen,
      only_wrong: onlyWrong,
      only_favorites: onlyFavorites,
      mode,
      time_limit_min: raw.time_limit_min,
    };
    return { raw, filters };
  }

  // With no connection the test will be drawn on the device: the draw for what the form says is made
  // a moment after each change, so the tap only stores it (offline/draw-ahead.ts; used once, and only
  // if nothing it read was written since).
  const offlineReady = !online && downloaded.some((m) => m.id === manualId);
  useEffect(() => {
    if (!offlineReady || busy) return;
    const { raw, filters } = readForm('00000000-0000-4000-8000-000000000000');
    if (raw.measured || check(createTestBody, raw)) return;
    const timer = setTimeout(() => prepareOfflineTest(filters), DRAW_AHEAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [offlineReady, busy, manualId, chapterIds, count, difficulty, measured, onlyUnseen, onlyWrong, onlyFavorites]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => dropAhead, []);

  async function startOffline(filters: TestFilters) {
    const test = await createOfflineTest(filters);
    showToast('TEST_CREATED');
    performance.mark('offline-test:navigate');
    navigate(`/teste/${test.id}`);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setErrors({});
    setAvailable(null);
    const id = crypto.randomUUID();
    const { raw, filters } = readForm(id);
    const invalid = check(createTestBody, raw);
    if (invalid) {
      setErrors(splitErrors(invalid, ['manual_id', 'chapter_ids', 'count', 'difficulty', 'measured', 'mode', 'time_limit_min']));
      return;
    }
    setBusy(true);
    try {
      if (!navigator.onLine) {
        // The device has no candidates' answers: a measured filter cannot be applied offline.
        if (raw.measured) {
          setErrors({ measured: ['FORM_MEASURED_DIFFICULTY_ONLINE'] });
          return;
        }
        await startOffline(filters);
        return;
      }
      try {
        // Same id on every retry: a late answer from the server never makes a second test.
        // With the manual on the device one short try is enough: a failed one falls back to the device at once.
        const canFallBack = downloaded.some((m) => m.id === raw.manual_id);
        const detail = await createOnline(raw, canFallBack ? { attempts: 1, timeout: CREATE_WITH_FALLBACK_TIMEOUT_MS } : {});
        if (detail) await storeServerTest(detail);
        showToast('TEST_CREATED');
        navigate(`/teste/${id}`);
      } catch (err) {
        // The server could not be reached: make the test on the device.
        if (err instanceof ApiError && err.code === 'FORM_REQUEST_FAILED') {
          if (raw.measured) setErrors({ measured: ['FORM_MEASURED_DIFFICULTY_ONLINE'] });
          else await startOffline(filters);
        } else throw err;
      }
    } catch (err) {
      if (err instanceof NotEnoughGridsError) {
        setErrors({ general: [err.code] });
        setAvailable(err.available);
      } else if (err instanceof ApiError) {
        setErrors(splitErrors(err.body, ['manual_id', 'chapter_ids', 'count', 'difficulty', 'measured', 'mode', 'time_limit_min']));
        const avail = (err.body as { available?: unknown }).available;
        if (typeof avail === 'number') setAvailable(avail);
      } else {
        const code = (err as { code?: unknown }).code;
        setErrors({ general: [typeof code === 'string' ? code : 'FORM_AN_ERROR_HAS_OCCURRED'] });
      }
    } finally {
      setBusy(false);
    }
  }

  const fe = (name: string) => errors[name] ?? [];
  // What the form shows first: the manuals (the device's, and online the server's) and the chosen one's chapters.
  const manualsRead = local !== undefined && (!online || remote !== null);
  const shown = useShowWhenReady(manualsRead && (manuals.length === 0 || (manual !== undefined && read.manual === manual.id)));

  return (
    <section className="page page--narrow tests-start" aria-labelledby="start-title">
      <header className="page-header">
        <h1 id="start-title">Începe un test</h1>
        <p className="muted">Alege manualul, capitolele și cum vrei să rezolvi.</p>
      </header>
      {!online ? (
        <p className="notice notice--offline" role="status">
          Ești offline: testul se face din manualele descărcate pe acest dispozitiv și se sincronizează când revii online.
        </p>
      ) : null}
      <div className="tests-start__body" hidden={!shown}>
        <OfflineManuals titles={downloaded.map((m) => m.title)} />
        <form className="card form tests-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <ManualField id="start-manual" manuals={manuals} value={manualId} onChange={setManualId} empty={online ? 'Se încarcă…' : 'Niciun manual descărcat'} errors={fe('manual_id')} />

          <ChaptersField chapters={chapters} picked={chapterIds} onToggle={toggleChapter} errors={fe('chapter_ids')} />

          <div className="form-row">
            <div className={`form-field${fe('count').length ? ' form-field--invalid' : ''}`}>
              <label className="form-field__label" htmlFor="start-count">
                Număr de grile
              </label>
              <input id="start-count" className="form-field__input" type="number" inputMode="numeric" min={1} max={TEST_COUNT_MAX} value={count} onChange={(e) => setCount(e.target.value)} />
              <ErrorList codes={fe('count')} />
            </div>
            <div className={`form-field${fe('time_limit_min').length ? ' form-field--invalid' : ''}`}>
              <label className="form-field__label" htmlFor="start-time">
                Limită de timp (minute)
              </label>
              <input id="start-time" className="form-field__input" type="number" inputMode="numeric" min={1} max={TEST_TIME_LIMIT_MIN_MAX} placeholder="fără limită" value={timeLimit} onChange={(e) => setTimeLimit(e.target.value)} />
              <ErrorList codes={fe('time_limit_min')} />
            </div>
          </div>

          <DifficultyField value={difficulty} onChange={setDifficulty} />
          <MeasuredField value={measured} onChange={setMeasured} errors={fe('measured')} />

          <fieldset className="form-fieldset">
            <legend className="form-field__label">Ce grile</legend>
            <label className="check-line">
              <input type="checkbox" checked={onlyUnseen} onChange={(e) => setOnlyUnseen(e.target.checked)} /> Doar grile nerezolvate
            </label>
            <label className="check-line">
              <input type="checkbox" checked={onlyWrong} onChange={(e) => setOnlyWrong(e.target.checked)} /> Doar grile greșite anterior
            </label>
            <label className="check-line">
              <input type="checkbox" checked={onlyFavorites} onChange={(e) => setOnlyFavorites(e.target.checked)} /> Doar grile favorite
            </label>
          </fieldset>

          <fieldset className="form-fieldset">
            <legend className="form-field__label">Mod</legend>
            <label className="check-line">
              <input type="radio" name="mode" checked={mode === 'exam'} onChange={() => setMode('exam')} /> Examen — răspunsurile și explicațiile la final
            </label>
            <label className="check-line">
              <input type="radio" name="mode" checked={mode === 'tutor'} onChange={() => setMode('tutor')} /> Tutor — explicația după fiecare grilă
            </label>
          </fieldset>

          {matching !== null && available === null ? (
            <p className="form-field__hint" role="status" data-testid="matching-grids">
              Grile potrivite acum: {matching}.
            </p>
          ) : null}
          <FormErrors codes={fe('general')} />
          {available !== null ? (
            <p className="form-field__hint" role="status">
              {online ? `Grile disponibile pentru aceste filtre: ${available}.` : `Pe acest dispozitiv sunt ${available} grile potrivite.`}
            </p>
          ) : null}
          <div className="form-actions">
            <SubmitButton busy={busy} busyLabel="Se pregătește testul…">
              Începe testul
            </SubmitButton>
            <Link to="/teste" className="btn btn--ghost">
              Înapoi
            </Link>
          </div>
        </form>
      </div>
    </section>
  );
}
