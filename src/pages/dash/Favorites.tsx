// /favorite: the favourite grids (mirrored into Dexie so the star state and offline tests know
// them), remove one, start a test from favourites.
import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { useLiveQuery } from 'dexie-react-hooks';
import { listFavorites, type FavoriteItem } from '../../api/favorites.ts';
import type { ApiError } from '../../api/errors.ts';
import { db } from '../../offline/db.ts';
import { applyPendingFavorites } from '../../offline/grid-actions.ts';
import { courseError } from '../../offline/courses-repo.ts';
import { GridView } from '../../components/content/GridView.tsx';
import { LoadError } from '../courses/LoadError.tsx';
import { PageLoading } from '../../router/RoutePage.tsx';
import '../../styles/content.css';

async function mirror(items: FavoriteItem[]): Promise<void> {
  await db.transaction('rw', db.favorites, async () => {
    await db.favorites.clear();
    await db.favorites.bulkPut(items.map((f) => ({ grid_id: f.grid_id, added_at: f.created_at })));
  });
  // Changes made offline (solve, results) that the server has not received yet stay visible.
  await applyPendingFavorites();
}

async function offlineFavorites(): Promise<FavoriteItem[]> {
  const favs = await db.favorites.toArray();
  const grids = await db.grids.bulkGet(favs.map((f) => f.grid_id));
  const out: FavoriteItem[] = [];
  for (const [i, g] of grids.entries()) {
    if (!g) continue;
    const c = await db.chapters.get(g.chapter_id);
    const m = await db.manuals.get(g.manual_id);
    out.push({
      grid_id: g.id,
      created_at: favs[i].added_at,
      chapter: { id: g.chapter_id, slug: c?.slug ?? '', title: c?.title ?? '', manual_slug: m?.slug ?? '' },
      grid: {
        ...g,
        explanation_photo_url: g.explanation_photo,
        source: '',
        published: true,
        mine: false,
        locked: g.premium && g.correct === null,
        updated_at: favs[i].added_at,
      },
    });
  }
  return out;
}

export default function Favorites() {
  const [items, setItems] = useState<FavoriteItem[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [mirrored, setMirrored] = useState(false);
  const [offlineMode, setOfflineMode] = useState(false);
  const local = useLiveQuery(() => db.favorites.toCollection().primaryKeys(), []);

  useEffect(() => {
    let alive = true;
    listFavorites()
      .then(async (res) => {
        if (!alive) return;
        setItems(res.favorites);
        await mirror(res.favorites).catch(() => undefined);
        if (alive) setMirrored(true);
      })
      .catch(async (err: unknown) => {
        if (!alive) return;
        const e = courseError(err);
        // Offline: the favourites mirrored earlier, from the downloaded manuals on this device.
        if (e.code === 'FORM_NETWORK_REQUIRED') {
          const offline = await offlineFavorites().catch(() => []);
          if (alive && offline.length) {
            setItems(offline);
            setMirrored(true);
            setOfflineMode(true);
            return;
          }
        }
        if (alive) setError(e);
      });
    return () => {
      alive = false;
    };
  }, []);

  // After the mirror, a grid taken off with its star disappears from the list at once.
  const keep = mirrored && local ? new Set(local) : null;
  const visible = items?.filter((f) => !keep || keep.has(f.grid_id)) ?? null;

  return (
    <section className="page favorites-page" aria-labelledby="favorites-title">
      <header className="page-header">
        <h1 id="favorites-title">Favorite</h1>
        <p>Grilele pe care le-ai salvat ca să revii la ele.</p>
      </header>
      {visible && visible.length > 0 ? (
        <p>
          <Link to="/teste/start?only_favorites=1" className="btn btn--primary">
            Începe un test din favorite
          </Link>
        </p>
      ) : null}
      {offlineMode ? <p className="offline-note">Ești offline: vezi favoritele din manualele descărcate.</p> : null}
      {!items && !error ? <PageLoading /> : null}
      {error ? <LoadError error={error} /> : null}
      {visible && visible.length === 0 ? (
        <div className="empty-state">
          <p>Nu ai încă grile favorite. Apasă „Adaugă la favorite” pe o grilă ca s-o găsești aici.</p>
          <Link to="/ai/cursuri" className="btn btn--ghost">
            Mergi la cursuri
          </Link>
        </div>
      ) : null}
      {visible?.map((f) => (
        <div key={f.grid_id} className="favorite-item">
          <p className="favorite-item__chapter muted">
            <Link to={`/ai/cursuri/${f.chapter.manual_slug}/${f.chapter.slug}`}>{f.chapter.title}</Link>
          </p>
          <GridView grid={f.grid} actions={!offlineMode} reveal="toggle" headingLevel={2} />
        </div>
      ))}
    </section>
  );
}
