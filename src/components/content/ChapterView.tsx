// Renders a chapter's typed blocks (docs/CONTENT_FORMAT.md): headings, paragraphs, lists,
// tables with captions and header cells, lazy images with alt text and their size, notes.
import { useId } from 'react';
import type { Block } from '../../offline/db.ts';
import { figureSrc } from '../../shared/content-figure.ts';
import '../../styles/content.css';

function TableBlock({ block }: { block: Extract<Block, { type: 'table' }> }) {
  return (
    <div className="chapter-table" role="region" aria-label={block.caption || 'Tabel'} tabIndex={0}>
      <table>
        {block.caption ? <caption>{block.caption}</caption> : null}
        <thead>
          <tr>
            {block.head.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={c}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NoteBlock({ text }: { text: string }) {
  const id = useId();
  return (
    <aside className="chapter-note" aria-labelledby={id}>
      <strong id={id} className="chapter-note__label">
        De reținut
      </strong>
      <p>{text}</p>
    </aside>
  );
}

export function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'h2':
      return <h2>{block.text}</h2>;
    case 'h3':
      return <h3>{block.text}</h3>;
    case 'p':
      return <p>{block.text}</p>;
    case 'note':
      return <NoteBlock text={block.text} />;
    case 'ul':
      return (
        <ul>
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      );
    case 'ol':
      return (
        <ol>
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ol>
      );
    case 'table':
      return <TableBlock block={block} />;
    case 'img':
      return (
        <figure className="chapter-figure">
          {/* width/height from the content (an SVG's viewBox) reserve the space: no layout shift. The
              figure opens whole in a tab of its own, where a phone zooms it: its labels were ~6 px
              at 390 px wide (issue 32 §5). A plain link: it works before any script. */}
          <a href={block.src} target="_blank" rel="noopener" className="chapter-figure__zoom" title="Deschide figura mărită">
            <img src={figureSrc(block.src)} alt={block.alt} width={block.width} height={block.height} loading="lazy" decoding="async" />
          </a>
          <figcaption>
            {block.caption ? <>{block.caption} </> : null}
            <span className="chapter-figure__hint">Atinge figura ca s-o vezi mărită.</span>
          </figcaption>
        </figure>
      );
    default:
      return null;
  }
}

/** The blocks grouped at each h2 (what comes before the first h2 is a group too). */
function sectionsOf(blocks: readonly Block[]): Block[][] {
  const sections: Block[][] = [];
  for (const block of blocks) {
    if (block.type === 'h2' || sections.length === 0) sections.push([]);
    sections[sections.length - 1]!.push(block);
  }
  return sections;
}

/** The chapter body; headings start at h2 (the page's h1 is the chapter title). One section per
 *  h2, so that the sections after the first are laid out only near the viewport (content.css):
 *  a cheap phone's first layout is the first screen's, not the whole chapter's (issue 24 §1). */
export function ChapterView({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="chapter-body">
      {sectionsOf(blocks).map((section, s) => (
        <section key={s} className="chapter-section">
          {section.map((block, i) => (
            <BlockView key={i} block={block} />
          ))}
        </section>
      ))}
    </div>
  );
}
