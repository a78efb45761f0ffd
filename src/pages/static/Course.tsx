import { useParams } from 'react-router';
import { CoursePage } from '../../shell/content/CoursePages.tsx';

export default function Course() {
  const { manual = '' } = useParams();
  return <CoursePage key={manual} mode="public" slug={manual} />;
}
