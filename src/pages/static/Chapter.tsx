import { useParams } from 'react-router';
import { PublicChapter } from '../courses/PublicChapter.tsx';

export default function Chapter() {
  const { manual = '', chapter = '' } = useParams();
  return <PublicChapter key={`${manual}/${chapter}`} manual={manual} chapter={chapter} />;
}
