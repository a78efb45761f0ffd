import { DashCourses } from '../courses/dash.tsx';

export default function Courses() {
  return <DashCourses />;
}
