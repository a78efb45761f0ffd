// The readiness chart (issue 31 §3): an SVG with role="img" whose text alternative states the latest
// estimate, band and gap; a y axis with grade labels and dated points; "Vezi ca tabel" shows the
// same figures.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ReadinessChart, dateLabels, dateXs, gradeDomain } from '../../src/components/practice/ReadinessChart.tsx';
import type { ReadinessHistory } from '../../src/shared/readiness/index.ts';

let root: Root | null = null;
let host: HTMLElement;
function render(ui: React.ReactNode) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root!.render(ui));
  return host;
}
afterEach(() => {
  act(() => root?.unmount());
  host.remove();
});

const h: ReadinessHistory = {
  center: { slug: 'timisoara', name: 'UMF Timișoara', known: true },
  threshold: { year: 2025, min_grade: 8.5, source: 'umft.ro', specialization: 'Medicină' },
  points: [
    { date: '2026-05-04', kind: 'practice', grade: 6.9, low: 6.1, high: 7.6, n: 40 },
    { date: '2026-05-10', kind: 'simulation', grade: 7.4, low: 6.9, high: 7.9, n: 1 },
    { date: '2026-05-11', kind: 'practice', grade: 9.1, low: 8.4, high: 9.6, n: 30 },
  ],
  gap: 0.6,
};

describe('ReadinessChart', () => {
  it('an img with the latest estimate, band and gap; grade labels and dates on the axes', () => {
    const el = render(<ReadinessChart history={h} />);
    const svg = el.querySelector('svg[role="img"]')!;
    const title = el.querySelector(`#${CSS.escape(svg.getAttribute('aria-labelledby')!)}`)!.textContent!;
    expect(title).toContain('Ultima estimare (11.05.2026, exersare (săptămâna)): 9,1, interval 8,4–9,6');
    expect(title).toContain('Pragul 2025: 8,5; +0,6 peste prag');
    const labels = [...svg.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toEqual(expect.arrayContaining(['6', '7', '8', '9', '10', '04.05', '10.05', '11.05', 'prag 2025: 8,5']));
    expect(svg.querySelectorAll('.readiness__dot--sim')).toHaveLength(1);
    expect(svg.querySelectorAll('.readiness__dot--week')).toHaveLength(2);
    expect(el.textContent).toContain('sursa: umft.ro');
  });

  it('"Vezi ca tabel" shows the same figures, and back', () => {
    const el = render(<ReadinessChart history={h} />);
    const button = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Vezi ca tabel')!;
    act(() => button.click());
    expect(el.querySelector('svg')).toBeNull();
    const rows = [...el.querySelectorAll('[data-testid="readiness-table"] tbody tr')].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['04.05.2026', 'exersare', '6,9', '6,1–7,6', '−1,6'],
      ['10.05.2026', 'simulare', '7,4', '6,9–7,9', '−1,1'],
      ['11.05.2026', 'exersare', '9,1', '8,4–9,6', '+0,6'],
    ]);
    act(() => button.click());
    expect(el.querySelector('svg[role="img"]')).not.toBeNull();
  });

  it('the y domain covers the band and the threshold within 0–10; no points, a plain sentence', () => {
    expect(gradeDomain(h)).toEqual({ lo: 5, hi: 10, ticks: [5, 6, 7, 8, 9, 10] });
    expect(gradeDomain({ ...h, points: [{ ...h.points[0]!, low: 1, high: 2 }], threshold: null }).lo).toBe(0);
    const el = render(<ReadinessChart history={{ ...h, points: [], gap: null }} />);
    expect(el.querySelector('svg')).toBeNull();
    expect(el.textContent).toContain('Încă nu avem puncte');
  });

  it('points stand at their dates: six days apart are six times one day apart', () => {
    const el = render(<ReadinessChart history={h} />);
    const cx = (sel: string) => [...el.querySelectorAll(sel)].map((n) => Number(n.getAttribute('cx') ?? Number(n.getAttribute('x')) + 5));
    const [may4, may11] = cx('.readiness__dot--week');
    const [may10] = cx('.readiness__dot--sim');
    expect((may10! - may4!) / (may11! - may10!)).toBeCloseTo(6, 5);
    expect(dateXs(['2026-05-04', '2026-05-04'], 0, 100)).toEqual([50, 50]);
  });

  it('labels each day once, dropping one that would touch its neighbour but never the latest', () => {
    const dates = ['2026-05-01', '2026-05-02', '2026-05-02', '2026-05-20', '2026-05-30', '2026-05-31'];
    const labels = dateLabels(dates, dateXs(dates, 0, 300)).map((l) => l.date);
    expect(labels).toEqual(['2026-05-01', '2026-05-20', '2026-05-31']);
  });
});
