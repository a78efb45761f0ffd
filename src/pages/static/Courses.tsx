import { PublicCourses } from '../courses/PublicCourses.tsx';

export default function Courses() {
  return <PublicCourses />;
}
