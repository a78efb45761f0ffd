// In sandbox mode only: the test cards, so whoever tries the checkout knows what each one does.
import { TEST_CARDS } from '../../../shared/sandbox-cards.ts';

const grouped = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

export function TestCards() {
  return (
    <details className="test-cards">
      <summary>Mod de test: nicio plată reală. Vezi cardurile de test</summary>
      <p className="muted">Orice dată de expirare din viitor și orice CVV de 3 cifre.</p>
      <ul>
        {TEST_CARDS.map((c) => (
          <li key={c.number}>
            <code>{grouped(c.number)}</code> <span>{c.label}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
