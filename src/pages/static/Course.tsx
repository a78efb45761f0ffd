import { useParams } from 'react-router';
import { PublicCourse } from '../courses/PublicCourse.tsx';

export default function Course() {
  const { manual = '' } = useParams();
  return <PublicCourse key={manual} slug={manual} />;
}
