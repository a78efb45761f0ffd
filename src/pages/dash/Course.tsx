import { useParams } from 'react-router';
import { CoursePage } from '../courses/CoursePages.tsx';

export default function Course() {
  const { manual = '' } = useParams();
  return <CoursePage key={manual} mode="dash" slug={manual} />;
}
