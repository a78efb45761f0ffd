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

/** One block; `id` is its anchor (#p-{index in the chapter}), where a search result opens it. */
export function BlockView({ block, id }: { block: Block; id?: string }) {
  switch (block.type) {
    case 'h2':
      return <h2 id={id}>{block.text}</h2>;
    case 'h3':
      return <h3 id={id}>{block.text}</h3>;
    case 'p':
      return <p id={id}>{block.text}</p>;
    case 'note':
      return (
        <div id={id}>
          <NoteBlock text={block.text} />
        </div>
      );
    case 'ul':
      return (
        <ul id={id}>
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      );
    case 'ol':
      return (
        <ol id={id}>
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ol>
      );
    case 'table':
      return (
        <div id={id}>
          <TableBlock block={block} />
        </div>
      );
    case 'img':
      return (
        <figure className="chapter-figure" id={id}>
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
function sectionsOf(blocks: readonly Block[]): { block: Block; index: number }[][] {
  const sections: { block: Block; index: number }[][] = [];
  for (const [index, block] of blocks.entries()) {
    if (block.type === 'h2' || sections.length === 0) sections.push([]);
    sections[sections.length - 1]!.push({ block, index });
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
          {section.map(({ block, index }) => (
            <BlockView key={index} block={block} id={`p-${index}`} />
          ))}
        </section>
      ))}
    </div>
  );
}
