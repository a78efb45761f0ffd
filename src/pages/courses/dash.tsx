// The signed-in course screens (/ai/cursuri…): the downloaded copy first (Dexie), reading progress,
// the read mark, the practice link and the offline download.
import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { listCourses, getCourse, getChapter, markChapterRead, unmarkChapterRead, type ManualListItem, type ChapterProgress } from '../../api/courses.ts';
import type { ApiError } from '../../api/errors.ts';
import { useChapter, useCourse, useDownloadedManuals, useLocalGrids, courseError } from '../../offline/courses-repo.ts';
import { autoDownloadProfileManual } from '../../offline/download.ts';
import { DownloadButton } from '../../components/content/DownloadButton.tsx';
import { GridView } from '../../components/content/GridView.tsx';
import { LazyCommentThread } from '../../components/community/LazyCommentThread.tsx';
import { CoursesView } from './CoursesView.tsx';
import { CourseView } from './CourseView.tsx';
import { ChapterArticle } from './ChapterArticle.tsx';

export function DashCourses() {
  const [manuals, setManuals] = useState<ManualListItem[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const downloaded = useDownloadedManuals();

  useEffect(() => {
    let alive = true;
    listCourses().then(
      (res) => alive && setManuals(res.manuals),
      (err: unknown) => alive && setError(courseError(err)),
    );
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => void autoDownloadProfileManual(), []);

  // Offline: the manuals downloaded on this device stand in for the list.
  const fromDevice = !manuals && Boolean(error && downloaded?.length);
  const list: ManualListItem[] | null =
    manuals ??
    (fromDevice && downloaded
      ? downloaded.map((m) => ({ id: m.id, slug: m.slug, title: m.title, subject: m.subject, description: m.description, sort: 0, updated_at: m.downloaded_at ?? '', chapter_count: 0, grid_count: m.grid_count }))
      : null);
  return <CoursesView mode="dash" list={list} error={error} fromDevice={fromDevice} tools={(m) => <DownloadButton manual={m} compact />} />;
}

export function DashCourse({ slug }: { slug: string }) {
  const { data, error, loading } = useCourse(slug);
  const { online } = useSnapshot(app);
  const [progress, setProgress] = useState<Map<number, ChapterProgress> | null>(null);

  // Reading the downloaded copy: ask the API for the progress anyway.
  const source = data?.source;
  useEffect(() => {
    if (source !== 'local' || !online) return;
    let alive = true;
    getCourse(slug)
      .then((res) => {
        if (!alive) return;
        const map = new Map<number, ChapterProgress>();
        for (const c of res.chapters) if (c.progress) map.set(c.id, c.progress);
        setProgress(map);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [source, slug, online]);

  const chapters = data?.chapters.map((c) => ({ ...c, progress: c.progress ?? progress?.get(c.id) }));
  const readCount = chapters?.filter((c) => c.progress?.read).length ?? 0;
  const tools =
    data && chapters ? (
      <section className="course-tools" aria-label="Progres și offline">
        {chapters.some((c) => c.progress) ? (
          <p>
            <strong>{readCount}</strong> din {chapters.length} capitole citite
            <progress className="course-progress" max={chapters.length} value={readCount} aria-label="Capitole citite" />
          </p>
        ) : null}
        <DownloadButton manual={data.manual} />
      </section>
    ) : null;
  return <CourseView mode="dash" data={data} error={error} loading={loading} chapters={chapters} tools={tools} />;
}

function ReadMark({ manual, chapter, initial }: { manual: string; chapter: string; initial: boolean | undefined }) {
  const [read, setRead] = useState<boolean | undefined>(initial);
  const [busy, setBusy] = useState(false);
  const { online } = useSnapshot(app);
  useEffect(() => setRead(initial), [initial]);
  const toggle = async () => {
    setBusy(true);
    try {
      if (read) {
        await unmarkChapterRead(manual, chapter);
        setRead(false);
      } else {
        const res = await markChapterRead(manual, chapter);
        setRead(true);
        showToast(res.success ?? 'CHAPTER_MARKED_READ');
      }
    } catch (err) {
      showToast(courseError(err).code, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={`btn ${read ? 'btn--ghost' : 'btn--primary'}`} aria-pressed={Boolean(read)} disabled={busy || !online} onClick={() => void toggle()}>
      {read ? '✓ Citit · Anulează' : 'Marchează ca citit'}
    </button>
  );
}

function LocalGrids({ chapterId }: { chapterId: number }) {
  const grids = useLocalGrids(chapterId, 3);
  if (!grids?.length) return null;
  return (
    <section className="chapter-grids" aria-labelledby="chapter-grids-title">
      <h2 id="chapter-grids-title">Câteva grile din capitol</h2>
      {grids.map((g, i) => (
        <GridView
          key={g.id}
          label={`Grila ${i + 1}`}
          reveal="toggle"
          actions
          grid={{ ...g, explanation_photo_url: g.explanation_photo, locked: g.correct === null && g.premium }}
        />
      ))}
    </section>
  );
}

export function DashChapter({ manual, chapter }: { manual: string; chapter: string }) {
  const { data, error, loading } = useChapter(manual, chapter);
  const { online } = useSnapshot(app);
  const [read, setRead] = useState<boolean | undefined>(undefined);

  const source = data?.source;
  const apiRead = data?.chapter.read;
  useEffect(() => {
    if (source === 'api') {
      setRead(apiRead);
      return;
    }
    if (source !== 'local' || !online) return;
    let alive = true;
    getChapter(manual, chapter)
      .then((res) => alive && setRead(res.chapter.read))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [source, apiRead, manual, chapter, online]);

  const c = data?.chapter;
  const actions =
    data && c && !c.locked ? (
      <section className="chapter-actions" aria-label="Acțiuni pentru capitol">
        <ReadMark manual={data.manual.slug} chapter={c.slug} initial={read} />
        <Link to={`/teste/start?manual=${data.manual.id}&chapters=${c.id}`} className="btn btn--primary">
          Exersează grilele capitolului
        </Link>
      </section>
    ) : null;
  const local = data?.source === 'local' && c && !c.locked ? <LocalGrids chapterId={c.id} /> : null;
  // The chapter's discussion (issue 7 §5), online only; its code loads when the chapter shows.
  const after =
    c && !c.locked ? (
      <>
        {local}
        {online ? (
          <div id="comentarii">
            <LazyCommentThread target={{ type: 'chapter', id: c.id }} title="Discuția capitolului" />
          </div>
        ) : null}
      </>
    ) : null;
  return <ChapterArticle mode="dash" data={data} error={error} loading={loading} actions={actions} after={after} />;
}
