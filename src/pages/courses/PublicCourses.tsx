// /cursuri: server-rendered with its data; the manuals downloaded on this device stand in offline.
import { CoursesView } from './CoursesView.tsx';
import { usePublicCourses } from './public-data.ts';

export function PublicCourses() {
  const { data, error } = usePublicCourses();
  return <CoursesView mode="public" list={data?.manuals ?? null} error={error} fromDevice={data?.source === 'local'} />;
}
