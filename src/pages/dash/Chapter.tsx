import { useParams } from 'react-router';
import { ChapterPage } from '../courses/CoursePages.tsx';

export default function Chapter() {
  const { manual = '', chapter = '' } = useParams();
  return <ChapterPage key={`${manual}/${chapter}`} mode="dash" manual={manual} chapter={chapter} />;
}
