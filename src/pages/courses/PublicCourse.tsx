// /cursuri/:manual: server-rendered with its data; the downloaded copy stands in offline.
import { CourseView } from './CourseView.tsx';
import { usePublicCourse } from './public-data.ts';

export function PublicCourse({ slug }: { slug: string }) {
  const { data, error, loading } = usePublicCourse(slug);
  return <CourseView mode="public" data={data} error={error} loading={loading} />;
}
