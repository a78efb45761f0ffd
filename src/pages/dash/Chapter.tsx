import { useParams } from 'react-router';
import { DashChapter } from '../courses/dash.tsx';

export default function Chapter() {
  const { manual = '', chapter = '' } = useParams();
  return <DashChapter key={`${manual}/${chapter}`} manual={manual} chapter={chapter} />;
}
