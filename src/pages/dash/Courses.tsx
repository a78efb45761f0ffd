import { CoursesPage } from '../../shell/content/CoursePages.tsx';

export default function Courses() {
  return <CoursesPage mode="dash" />;
}
