// The question booklet of a paper simulation (issue 22): who may have it and what goes in it. The
// rules are the answer sheet's (service.ts ensureSheet, the simulation's own): a published paper
// (else 404), a premium paper only for a premium account, the first print while the window is open;
// printing either registers the candidate's paper attempt (their sheet), so both reprint alike later.
// Statements and options only: the key and the explanations stay on the server until it is graded.
import type { FastifyInstance } from 'fastify';
import { ensureSheet } from './service.ts';
import { renderBookletPdf, type BookletQuestion, type GridType } from './omr/booklet-pdf.ts';

export async function bookletPdf(app: FastifyInstance, userId: number, simulationId: string): Promise<Buffer> {
  const { title, centre, sim } = await ensureSheet(app.db, userId, simulationId);
  const rows = await app.db.query<{ position: number; type: GridType; subject: string | null; statement: string; options: Record<string, string> }>(
    `select sg.position, g.type, m.subject, g.statement, g.options
       from simulation_grids sg
       join grids g on g.id = sg.grid_id
       left join chapters c on c.id = g.chapter_id
       left join manuals m on m.id = c.manual_id
      where sg.simulation_id = $1
      order by sg.position`,
    [sim.id],
  );
  // Grids carry no figure of their own today (statement and options are text; the explanation photo
  // belongs to the answer): `figure` stays empty until the content model gives a grid one.
  const questions: BookletQuestion[] = rows.map((r, i) => ({
    n: i + 1,
    type: r.type,
    subject: r.subject,
    statement: r.statement,
    options: r.options,
  }));
  return renderBookletPdf({
    productName: app.config.PRODUCT_NAME,
    title,
    centreName: centre,
    variant: sim.variant,
    timeLimitS: sim.time_limit_s,
    questions,
  });
}
