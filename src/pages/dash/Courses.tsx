import { CoursesPage } from '../courses/CoursePages.tsx';

export default function Courses() {
  return <CoursesPage mode="dash" />;
}
