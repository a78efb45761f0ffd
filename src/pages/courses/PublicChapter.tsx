// /cursuri/:manual/:chapter: server-rendered with its text; the downloaded copy stands in offline.
import { ChapterArticle } from './ChapterArticle.tsx';
import { usePublicChapter } from './public-data.ts';

export function PublicChapter({ manual, chapter }: { manual: string; chapter: string }) {
  const { data, error, loading } = usePublicChapter(manual, chapter);
  return <ChapterArticle mode="public" data={data} error={error} loading={loading} />;
}
