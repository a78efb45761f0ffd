// "Start here" for a candidate who has not taken a test yet (issue 32 §5): the first dashboard
// says what to do first, in order, instead of greeting a new account with an announcement.
import { Link } from '../../router/Link.tsx';

export function FirstSteps({ manualId }: { manualId: number | null }) {
  return (
    <article className="card hub-card first-steps" aria-labelledby="first-steps-h">
      <h2 id="first-steps-h">De unde începi</h2>
      <ol className="first-steps__list">
        <li>
          <Link to={manualId ? `/ai/cursuri/${manualId}` : '/ai/cursuri'}>Citește un capitol</Link> din manualul după care înveți; la
          fiecare capitol găsești grilele lui.
        </li>
        <li>
          <Link to="/teste/start?mod=tutor">Fă un prim test scurt</Link>, de 10 grile, în modul tutor: vezi răspunsul corect și explicația după
          fiecare grilă.
        </li>
        <li>
          Alege în cardul „Azi” centrul și data examenului: îți facem un plan pe zile, cu minutele pe care le ai.
        </li>
        <li>Revino zilnic: grilele greșite revin la recapitulare exact când e timpul să le repeți.</li>
      </ol>
    </article>
  );
}
