import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChapterView } from '../../src/components/content/ChapterView.tsx';
import type { Block } from '../../src/offline/db.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const blocks: Block[] = [
  { type: 'h2', text: 'Sistemul nervos' },
  { type: 'p', text: 'Neuronul este unitatea structurală și funcțională.' },
  { type: 'h3', text: 'Clasificare' },
  { type: 'ul', items: ['senzitivi', 'motori'] },
  { type: 'ol', items: ['primul', 'al doilea', 'al treilea'] },
  { type: 'table', caption: 'Tipuri de neuroni', head: ['Tip', 'Rol'], rows: [['Senzitiv', 'aduce informația'], ['Motor', 'duce comanda']] },
  { type: 'img', src: '/media/content/bio-neuron.svg', alt: 'Schema neuronului', caption: 'Neuronul' },
  { type: 'note', text: 'Sinapsa este locul de contact.' },
];

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

describe('ChapterView', () => {
  it('renders every block type', () => {
    const el = render(<ChapterView blocks={blocks} />);
    expect(el.querySelector('h2')?.textContent).toBe('Sistemul nervos');
    expect(el.querySelector('h3')?.textContent).toBe('Clasificare');
    expect(el.querySelector('.chapter-body > .chapter-section > p')?.textContent).toContain('Neuronul');
    expect(el.querySelectorAll('ul > li')).toHaveLength(2);
    expect(el.querySelectorAll('ol > li')).toHaveLength(3);
    expect(el.querySelector('aside.chapter-note')?.textContent).toContain('Sinapsa');
  });

  it('renders accessible tables: caption, column and row headers', () => {
    const el = render(<ChapterView blocks={blocks} />);
    const table = el.querySelector('table')!;
    expect(table.querySelector('caption')?.textContent).toBe('Tipuri de neuroni');
    const cols = table.querySelectorAll('thead th[scope="col"]');
    expect([...cols].map((c) => c.textContent)).toEqual(['Tip', 'Rol']);
    expect(table.querySelectorAll('tbody th[scope="row"]')).toHaveLength(2);
    expect(table.querySelectorAll('tbody td')).toHaveLength(2);
    const region = el.querySelector('.chapter-table')!;
    expect(region.getAttribute('role')).toBe('region');
    expect(region.getAttribute('aria-label')).toBe('Tipuri de neuroni');
  });

  it('renders lazy images with alt text and caption', () => {
    const el = render(<ChapterView blocks={blocks} />);
    const img = el.querySelector('figure img')!;
    expect(img.getAttribute('alt')).toBe('Schema neuronului');
    expect(img.getAttribute('loading')).toBe('lazy');
    // An SVG is shown as its raster rendition (content-figure.ts).
    expect(img.getAttribute('src')).toBe('/media/content/bio-neuron.svg.webp');
    expect(el.querySelector('figcaption')?.textContent).toBe('Neuronul Atinge figura ca s-o vezi mărită.');
    // The figure opens whole (the SVG itself) in a tab of its own, where a phone zooms it.
    const zoom = el.querySelector('figure a')!;
    expect([zoom.getAttribute('href'), zoom.getAttribute('target')]).toEqual(['/media/content/bio-neuron.svg', '_blank']);
  });

  it('groups the blocks in one section per h2, what comes before the first h2 included', () => {
    const el = render(
      <ChapterView
        blocks={[
          { type: 'p', text: 'Intro' },
          { type: 'h2', text: 'Unu' },
          { type: 'p', text: 'a' },
          { type: 'h3', text: 'Sub' },
          { type: 'h2', text: 'Doi' },
        ]}
      />,
    );
    const sections = [...el.querySelectorAll('.chapter-body > section.chapter-section')];
    expect(sections.map((s) => [...s.children].map((c) => c.tagName))).toEqual([['P'], ['H2', 'P', 'H3'], ['H2']]);
  });

  it('renders a table without caption and nothing for an empty chapter', () => {
    const el = render(<ChapterView blocks={[{ type: 'table', head: ['A'], rows: [['1']] }]} />);
    expect(el.querySelector('caption')).toBeNull();
    act(() => root!.render(<ChapterView blocks={[]} />));
    expect(el.querySelector('.chapter-body')?.children).toHaveLength(0);
  });
});
