import { useParams } from 'react-router';
import { DashCourse } from '../courses/dash.tsx';

export default function Course() {
  const { manual = '' } = useParams();
  return <DashCourse key={manual} slug={manual} />;
}
