// /cursuri/:manual/:chapter: server-rendered with its text; the downloaded copy stands in offline.
// A free chapter's discussion follows, read-only, fetched with its code only when the reader comes
// near the end of the text: nothing of it in the page's first load. For a visitor whose page is not
// hydrated, the island does the same (src/islands/, issue 24 §1).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ChapterArticle } from './ChapterArticle.tsx';
import { usePublicChapter } from './public-data.ts';
import { Island } from '../../islands/Island.tsx';

const Comments = lazy(() => import('../../components/community/PublicChapterComments.tsx'));

function LaterComments({ id }: { id: number }) {
  const [show, setShow] = useState(false);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const io = new IntersectionObserver((e) => e[0]?.isIntersecting && setShow(true), { rootMargin: '600px' });
    io.observe(spot.current!);
    return () => io.disconnect();
  }, []);
  return (
    <div ref={spot}>
      {show ? (
        <Suspense fallback={null}>
          <Comments chapterId={id} />
        </Suspense>
      ) : null}
    </div>
  );
}

export function PublicChapter({ manual, chapter }: { manual: string; chapter: string }) {
  const { data, error, loading } = usePublicChapter(manual, chapter);
  const c = data?.chapter;
  return (
    <ChapterArticle
      mode="public"
      data={data}
      error={error}
      loading={loading}
      after={
        c && !c.premium && data.source === 'api' ? (
          <Island name="chapter-comments" props={{ chapterId: c.id }}>
            <LaterComments id={c.id} />
          </Island>
        ) : null
      }
    />
  );
}
