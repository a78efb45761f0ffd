// Community (issue 7 §5): comments under grids and chapters, threads with one level of replies,
// votes, author-only edit and delete, reports, moderation, premium and hidden visibility, rate
// limits, the public list, proposals with votes and a status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, type FixtureUser } from './learning-fixture.ts';
import { COMMENT_REPORT_RATE, COMMENT_WRITE_RATE, PROPOSAL_WRITE_RATE } from '../../server/modules/community/rates.ts';
import { COMMENT_MAX } from '../../src/shared/community-rules.ts';

let t: TestApp;
let freeGrid: number;
let premiumGrid: number;
let chapter: number;
let premiumChapter: number;
let admin: FixtureUser;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read field by field
type Res = { statusCode: number; body: string; json: () => any };
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, u?: FixtureUser, payload?: object): Promise<Res> =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, ...(payload ? { payload } : {}) });
const codeOf = (res: Res) => Object.values((res.json().errors ?? {}) as Record<string, string[]>)[0]?.[0];
const comment = (u: FixtureUser, target: ['grid' | 'chapter', number], body: string, parent_id?: number) =>
  api('POST', '/comments', u, { target_type: target[0], target_id: target[1], body, ...(parent_id ? { parent_id } : {}) });
const listOf = async (u: FixtureUser, target: ['grid' | 'chapter', number]) =>
  (await api('GET', `/comments?target_type=${target[0]}&target_id=${target[1]}`, u)).json();
const user = (opts: { premium?: boolean; admin?: boolean; name?: string } = {}) => makeUser(t.db, { center: null, ...opts });

beforeAll(async () => {
  t = await createTestApp();
  const content = await makeContent(t.db, [[{}, { premium: true }], []]);
  [freeGrid, premiumGrid] = content.gridIds[0]!;
  chapter = content.chapterIds[0]!;
  premiumChapter = content.chapterIds[1]!;
  await t.db.query('update chapters set is_premium = true where id = $1', [premiumChapter]);
  admin = await user({ admin: true, name: 'Admin Echipa' });
});
afterAll(() => t.close());

describe('community: authentication first', () => {
  it('answers 401 without a token before reading input, on every signed-in route', async () => {
    const calls: Array<[Parameters<typeof api>[0], string, object?]> = [
      ['GET', '/comments?target_type=nu&target_id=x'],
      ['POST', '/comments', { body: 1 }],
      ['PATCH', '/comments/abc', { body: '' }],
      ['DELETE', '/comments/1'],
      ['POST', '/comments/1/vote'],
      ['POST', '/comments/1/report', { reason: '' }],
      ['GET', '/community/threads?sort=x'],
      ['GET', '/proposals'],
      ['POST', '/proposals', {}],
      ['POST', '/proposals/1/vote'],
      ['GET', '/admin/community/reports'],
      ['POST', '/admin/community/comments/1/hidden', { hidden: 'x' }],
      ['POST', '/admin/community/proposals/1/status', { status: 'x' }],
    ];
    for (const [method, url, body] of calls) expect((await api(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
  });
});

describe('comments: threads, votes, edit, delete', () => {
  it('writes a comment and a reply, sorts pinned then votes then recent, toggles a vote', async () => {
    const a = await user({ name: 'Ana Autor' });
    const b = await user({ name: 'Bogdan Răspuns' });
    const first = await comment(a, ['grid', freeGrid], 'Primul comentariu <b>îngroșat</b>');
    expect(first.statusCode).toBe(201);
    expect(first.json().success).toBe('COMMENT_SENT');
    const c1 = first.json().comment;
    expect(c1.body).toBe('Primul comentariu <b>îngroșat</b>'); // stored as text, shown as text
    expect(c1.mine).toBe(true);
    expect(c1.author).toEqual({ id: a.id, name: 'Ana Autor', avatar_thumb_src: null });
    const c2 = (await comment(b, ['grid', freeGrid], 'Al doilea, mai nou')).json().comment;

    const reply = await comment(b, ['grid', freeGrid], 'Un răspuns', c1.id);
    expect(reply.statusCode).toBe(201);
    // The author is told who answered (issue 23 §3: never a nameless "Cineva").
    const told = await t.db.one<{ title: string; message: string }>(
      `select title, message from notifications where user_id = $1 and type = 'comment_reply' order by id desc limit 1`,
      [a.id],
    );
    expect(told).toEqual({ title: 'Bogdan Răspuns ți-a răspuns', message: 'Bogdan Răspuns a răspuns la comentariul tău din comunitate.' });
    // A reply to a reply joins the root's thread (one level).
    const nested = await comment(a, ['grid', freeGrid], 'Răspuns la răspuns', reply.json().comment.id);
    expect(nested.json().comment.parent_id).toBe(c1.id);

    let list = await listOf(a, ['grid', freeGrid]);
    const ids = list.comments.map((c: { id: number }) => c.id);
    expect(ids.indexOf(c2.id)).toBeLessThan(ids.indexOf(c1.id)); // same votes: newest first
    const thread = list.comments.find((c: { id: number }) => c.id === c1.id);
    expect(thread.reply_count).toBe(2);
    expect(thread.replies.map((r: { body: string }) => r.body)).toEqual(['Un răspuns', 'Răspuns la răspuns']);

    const v = await api('POST', `/comments/${c1.id}/vote`, b);
    expect(v.json()).toEqual({ voted: true, votes: 1 });
    list = await listOf(b, ['grid', freeGrid]);
    expect(list.comments[0].id).toBe(c1.id); // more votes first
    expect(list.comments[0].voted).toBe(true);
    expect((await api('POST', `/comments/${c1.id}/vote`, b)).json()).toEqual({ voted: false, votes: 0 });
    expect((await api('POST', `/comments/${c1.id}/vote`, b)).json()).toEqual({ voted: true, votes: 1 });

    // Pinned beats votes.
    expect((await api('POST', `/admin/community/comments/${c2.id}/pinned`, admin, { pinned: true })).json().success).toBe('COMMENT_PINNED');
    list = await listOf(a, ['grid', freeGrid]);
    expect(list.comments[0].id).toBe(c2.id);
    expect(list.comments[0].pinned).toBe(true);
  });

  it('only the author edits and deletes; a deleted comment with replies stays as a placeholder', async () => {
    const a = await user();
    const b = await user();
    const c = (await comment(a, ['chapter', chapter], 'Textul meu inițial')).json().comment;
    const other = await api('PATCH', `/comments/${c.id}`, b, { body: 'Nu e al meu' });
    expect(other.statusCode).toBe(403);
    expect(codeOf(other)).toBe('FORM_COMMENT_NOT_AUTHOR');
    expect((await api('DELETE', `/comments/${c.id}`, b)).statusCode).toBe(403);
    const adminEdit = await api('PATCH', `/comments/${c.id}`, admin, { body: 'Nici adminul' });
    expect(adminEdit.statusCode).toBe(403);

    const edited = await api('PATCH', `/comments/${c.id}`, a, { body: 'Textul meu corectat' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comment.body).toBe('Textul meu corectat');
    expect(edited.json().comment.edited_at).not.toBeNull();

    const r = (await comment(b, ['chapter', chapter], 'Răspunsul lui B', c.id)).json().comment;
    const del = await api('DELETE', `/comments/${c.id}`, a);
    expect(del.json()).toEqual({ success: 'COMMENT_DELETED', id: c.id, placeholder: true });
    let thread = (await listOf(b, ['chapter', chapter])).comments.find((x: { id: number }) => x.id === c.id);
    expect(thread).toMatchObject({ deleted: true, body: '', author: null });
    expect(thread.replies.map((x: { id: number }) => x.id)).toEqual([r.id]);
    // The placeholder cannot be edited, voted or answered.
    expect((await api('PATCH', `/comments/${c.id}`, a, { body: 'Înapoi' })).statusCode).toBe(404);
    expect((await api('POST', `/comments/${c.id}/vote`, b)).statusCode).toBe(404);
    expect((await comment(b, ['chapter', chapter], 'Încă unul', c.id)).statusCode).toBe(404);

    // The last reply gone, the placeholder goes too.
    expect((await api('DELETE', `/comments/${r.id}`, b)).json().placeholder).toBe(false);
    thread = (await listOf(b, ['chapter', chapter])).comments.find((x: { id: number }) => x.id === c.id);
    expect(thread).toBeUndefined();
  });

  it('refuses bad input with the comment codes, never a 500', async () => {
    const a = await user();
    const cases: Array<[object, string]> = [
      [{ target_type: 'grid', target_id: freeGrid, body: '   ' }, 'FORM_COMMENT_REQUIRED'],
      [{ target_type: 'grid', target_id: freeGrid, body: 'x' }, 'FORM_COMMENT_TOO_SHORT'],
      [{ target_type: 'grid', target_id: freeGrid, body: 'x'.repeat(COMMENT_MAX + 1) }, 'FORM_COMMENT_TOO_LONG'],
      [{ target_type: 'grid', target_id: freeGrid, body: 'ok \u0000 nul' }, 'FIELD_TEXT_UNSUPPORTED'],
      [{ target_type: 'test', target_id: freeGrid, body: 'bun' }, 'FORM_COMMENT_TARGET_INVALID'],
      [{ target_type: 'grid', target_id: -3, body: 'bun' }, 'FORM_COMMENT_TARGET_INVALID'],
      [{ target_type: 'grid', target_id: freeGrid, body: 'bun', parent_id: 'x' }, 'FORM_COMMENT_NOT_FOUND'],
    ];
    for (const [payload, code] of cases) {
      const res = await api('POST', '/comments', a, payload);
      expect(res.statusCode, code).toBe(422);
      expect(codeOf(res)).toBe(code);
    }
    const missingGrid = await comment(a, ['grid', 2_000_000_000], 'Grilă inexistentă');
    expect(missingGrid.statusCode).toBe(404);
    expect(codeOf(missingGrid)).toBe('FORM_GRID_NOT_FOUND');
    const missingParent = await comment(a, ['grid', freeGrid], 'Părinte inexistent', 2_000_000_000);
    expect(codeOf(missingParent)).toBe('FORM_COMMENT_NOT_FOUND');
    // A reply must stay under its parent's target.
    const root = (await comment(a, ['grid', freeGrid], 'Sub grila gratuită')).json().comment;
    expect((await comment(a, ['chapter', chapter], 'Altă țintă', root.id)).statusCode).toBe(404);
    const badQuery = await api('GET', '/comments?target_type=grid&target_id=1e3', a);
    expect(badQuery.statusCode).toBe(422);
  });
});

describe('comments: who sees what', () => {
  it('hides a premium grid’s and a premium chapter’s comments from free users, shows them to premium ones', async () => {
    const premium = await user({ premium: true });
    const free = await user();
    const c = await comment(premium, ['grid', premiumGrid], 'Discuție premium');
    expect(c.statusCode).toBe(201);
    const refused = await api('GET', `/comments?target_type=grid&target_id=${premiumGrid}`, free);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('FORM_PREMIUM_GRIDS_ONLY');
    expect((await comment(free, ['grid', premiumGrid], 'Încerc și eu')).statusCode).toBe(403);
    const id = c.json().comment.id;
    expect((await api('POST', `/comments/${id}/vote`, free)).statusCode).toBe(403);
    expect((await api('POST', `/comments/${id}/report`, free, { reason: 'vreau să văd' })).statusCode).toBe(403);
    expect((await listOf(premium, ['grid', premiumGrid])).comments.map((x: { id: number }) => x.id)).toContain(id);

    const pc = await comment(premium, ['chapter', premiumChapter], 'Capitol premium');
    expect(pc.statusCode).toBe(201);
    const refusedChapter = await api('GET', `/comments?target_type=chapter&target_id=${premiumChapter}`, free);
    expect(codeOf(refusedChapter)).toBe('FORM_PREMIUM_CONTENT_ONLY');

    // Nor do they appear in the community list of a free user.
    const freeThreads = (await api('GET', '/community/threads?sort=recent', free)).json().threads;
    const freeIds = freeThreads.map((x: { id: number }) => x.id);
    expect(freeIds).not.toContain(id);
    expect(freeIds).not.toContain(pc.json().comment.id);
    const premiumIds = (await api('GET', '/community/threads?sort=recent', premium)).json().threads.map((x: { id: number }) => x.id);
    expect(premiumIds).toContain(id);
  });

  it('a hidden comment is seen only by its author and admins', async () => {
    const a = await user();
    const b = await user();
    const c = (await comment(a, ['grid', freeGrid], 'Ceva nepotrivit aici')).json().comment;
    const hide = await api('POST', `/admin/community/comments/${c.id}/hidden`, admin, { hidden: true });
    expect(hide.json()).toEqual({ success: 'COMMENT_HIDDEN', id: c.id });
    const ids = async (u: FixtureUser) => (await listOf(u, ['grid', freeGrid])).comments.map((x: { id: number }) => x.id);
    expect(await ids(b)).not.toContain(c.id);
    expect(await ids(a)).toContain(c.id);
    expect(await ids(admin)).toContain(c.id);
    expect((await listOf(a, ['grid', freeGrid])).comments.find((x: { id: number }) => x.id === c.id).hidden).toBe(true);
    expect((await api('POST', `/comments/${c.id}/vote`, b)).statusCode).toBe(404);
    expect((await comment(b, ['grid', freeGrid], 'Răspuns ascuns?', c.id)).statusCode).toBe(404);
    const publicIds = (await api('GET', '/community/public')).json().threads.map((x: { id: number }) => x.id);
    expect(publicIds).not.toContain(c.id);
    await api('POST', `/admin/community/comments/${c.id}/hidden`, admin, { hidden: false });
    expect(await ids(b)).toContain(c.id);
  });

  it('a hidden reply is not counted for others: the count hints at nothing', async () => {
    const a = await user();
    const b = await user();
    const root = (await comment(a, ['grid', freeGrid], 'O întrebare cu două răspunsuri')).json().comment;
    await comment(b, ['grid', freeGrid], 'Un răspuns bun', root.id);
    const bad = (await comment(b, ['grid', freeGrid], 'Un răspuns nepotrivit', root.id)).json().comment;
    await api('POST', `/admin/community/comments/${bad.id}/hidden`, admin, { hidden: true });
    const countFor = async (u: FixtureUser) =>
      (await listOf(u, ['grid', freeGrid])).comments.find((x: { id: number }) => x.id === root.id).reply_count;
    expect(await countFor(a)).toBe(1);
    expect(await countFor(b)).toBe(2); // its author still sees it
    expect(await countFor(admin)).toBe(2);
    const thread = (await api('GET', '/community/threads?sort=recent', a)).json().threads.find((x: { id: number }) => x.id === root.id);
    expect(thread.reply_count).toBe(1);
  });

  it('nobody votes for their own comment', async () => {
    const a = await user();
    const c = (await comment(a, ['grid', freeGrid], 'Comentariul meu util')).json().comment;
    const own = await api('POST', `/comments/${c.id}/vote`, a);
    expect(own.statusCode).toBe(403);
    expect(codeOf(own)).toBe('FORM_COMMENT_OWN_VOTE');
    expect((await listOf(a, ['grid', freeGrid])).comments.find((x: { id: number }) => x.id === c.id).votes).toBe(0);
  });
});

describe('reports and moderation', () => {
  it('reports once per user, lists in the admin queue, dismisses, replies as team', async () => {
    const a = await user();
    const b = await user();
    const c = (await comment(a, ['grid', freeGrid], 'Comentariu de raportat')).json().comment;
    const r1 = await api('POST', `/comments/${c.id}/report`, b, { reason: 'Conține un limbaj nepotrivit' });
    expect(r1.statusCode).toBe(201);
    expect(r1.json().success).toBe('COMMENT_REPORTED');
    const again = await api('POST', `/comments/${c.id}/report`, b, { reason: 'Încă o dată, vă rog' });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('FORM_COMMENT_ALREADY_REPORTED');
    const short = await api('POST', `/comments/${c.id}/report`, a, { reason: 'ab' });
    expect(short.statusCode).toBe(422);
    expect((await listOf(b, ['grid', freeGrid])).comments.find((x: { id: number }) => x.id === c.id).reported).toBe(true);

    expect((await api('GET', '/admin/community/reports', b)).statusCode).toBe(403);
    expect((await api('POST', `/admin/community/comments/${c.id}/hidden`, b, { hidden: true })).statusCode).toBe(403);
    expect((await api('POST', `/admin/community/comments/${c.id}/team-reply`, a, { body: 'Nu sunt echipa' })).statusCode).toBe(403);
    const q = (await api('GET', '/admin/community/reports', admin)).json();
    const item = q.items.find((x: { comment: { id: number } }) => x.comment.id === c.id);
    expect(item.open_reports).toBe(1);
    expect(item.reasons[0].reason).toBe('Conține un limbaj nepotrivit');
    expect(item.comment.author_id).toBe(a.id);

    const team = await api('POST', `/admin/community/comments/${c.id}/team-reply`, admin, { body: 'Am verificat, e în regulă.' });
    expect(team.statusCode).toBe(201);
    expect(team.json().comment).toMatchObject({ is_team: true, author: null, parent_id: c.id });
    const dismissed = await api('POST', `/admin/community/comments/${c.id}/dismiss`, admin);
    expect(dismissed.json().success).toBe('COMMENT_REPORTS_DISMISSED');
    const after = (await api('GET', '/admin/community/reports', admin)).json();
    expect(after.items.map((x: { comment: { id: number } }) => x.comment.id)).not.toContain(c.id);
    // The author was told of the team's answer.
    const note = await t.db.one<{ type: string; link: string; title: string }>(
      `select type, link, title from notifications where user_id = $1 order by id desc limit 1`,
      [a.id],
    );
    expect(note).toEqual({ type: 'comment_reply', link: `/ai/comunitate?grila=${freeGrid}`, title: `Echipa ${t.config.PRODUCT_NAME} ți-a răspuns` });
    expect((await api('POST', '/admin/community/comments/2000000000/dismiss', admin)).statusCode).toBe(404);
  });
});

describe('a team reply goes with the comment it answers (issue 23 §3)', () => {
  it('hidden with it, from visitors and other members; shown again with it; public names abbreviated', async () => {
    const a = await user({ name: 'Ana Răspunsuri' });
    const b = await user({ name: 'Bogdan Ascuns' });
    const other = await user();
    const admin = await user({ admin: true });
    const root = (await comment(a, ['chapter', chapter], 'O întrebare bună despre capitol')).json().comment;
    const rude = (await comment(b, ['chapter', chapter], 'Un răspuns nepoliticos', root.id)).json().comment;
    const team = await api('POST', `/admin/community/comments/${rude.id}/team-reply`, admin, { body: 'Te rugăm să păstrezi un ton civilizat.' });
    expect(team.statusCode).toBe(201);
    const teamId = team.json().comment.id as number;
    const publicReplies = async () =>
      ((await api('GET', `/community/public/chapters/${chapter}/comments`)).json().comments as Array<{ id: number; replies: Array<{ id: number; author_name: string | null }> }>)
        .find((c) => c.id === root.id)!.replies;
    const memberReplies = async (u: FixtureUser) =>
      ((await listOf(u, ['chapter', chapter])).comments as Array<{ id: number; replies: Array<{ id: number }> }>).find((c) => c.id === root.id)!.replies.map((r) => r.id);
    expect((await publicReplies()).map((r) => r.id)).toEqual([rude.id, teamId]);
    // Public pages abbreviate as rankings do: "Bogdan A.", never the full name.
    expect((await publicReplies())[0]!.author_name).toBe('Bogdan A.');

    expect((await api('POST', `/admin/community/comments/${rude.id}/hidden`, admin, { hidden: true })).statusCode).toBe(200);
    expect((await publicReplies()).map((r) => r.id)).toEqual([]);
    expect(await memberReplies(other)).toEqual([]);
    expect(await memberReplies(admin)).toEqual([rude.id, teamId]);

    expect((await api('POST', `/admin/community/comments/${rude.id}/hidden`, admin, { hidden: false })).statusCode).toBe(200);
    expect((await publicReplies()).map((r) => r.id)).toEqual([rude.id, teamId]);
  });
});

describe('rate limits (per user)', () => {
  it('limits writing and reporting per user, not per IP', async () => {
    const a = await user();
    const b = await user();
    for (let i = 0; i < COMMENT_WRITE_RATE.max; i++)
      expect((await comment(a, ['chapter', chapter], `Mesajul numărul ${i}`)).statusCode).toBe(201);
    const over = await comment(a, ['chapter', chapter], 'Unul în plus');
    expect(over.statusCode).toBe(429);
    expect((await comment(b, ['chapter', chapter], 'Altcineva poate')).statusCode).toBe(201);

    const target = (await comment(b, ['chapter', chapter], 'De raportat mult')).json().comment.id;
    const reporter = await user();
    const others: number[] = [];
    const writers = [await user(), await user()];
    for (let i = 0; i < COMMENT_REPORT_RATE.max; i++)
      others.push((await comment(writers[i % 2]!, ['grid', freeGrid], `Țintă de raportat ${i}`)).json().comment.id);
    for (const id of others)
      expect((await api('POST', `/comments/${id}/report`, reporter, { reason: 'Motiv destul de lung' })).statusCode).toBe(201);
    const tooMany = await api('POST', `/comments/${target}/report`, reporter, { reason: 'Motiv destul de lung' });
    expect(tooMany.statusCode).toBe(429);
  });
});

describe('public list', () => {
  it('shows useful threads on free content only, without e-mails or ids of people', async () => {
    const a = await user({ name: 'Public Autor' });
    const b = await user({ name: 'Public Cititor', premium: true });
    const c = (await comment(a, ['grid', freeGrid], 'O discuție foarte utilă')).json().comment;
    await comment(b, ['grid', freeGrid], 'Un răspuns util', c.id);
    await api('POST', `/comments/${c.id}/vote`, b);
    const p = (await comment(b, ['grid', premiumGrid], 'Discuție doar premium')).json().comment;
    const res = await api('GET', '/community/public');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.threads.map((x: { id: number }) => x.id);
    expect(ids).toContain(c.id);
    expect(ids).not.toContain(p.id);
    const thread = body.threads.find((x: { id: number }) => x.id === c.id);
    expect(thread).toMatchObject({ author_name: 'Public A.', votes: 1, reply_count: 1 });
    expect(thread.replies[0].body).toBe('Un răspuns util');
    expect(thread.target_info).toMatchObject({ type: 'grid', id: freeGrid });
    const raw = res.body;
    expect(raw).not.toMatch(/@exemplu\.ro|"email"|author_id|"voted"|"mine"|"reported"/);
    expect(raw).not.toContain(`"id":${a.id},`);

    // A hidden reply is neither shown nor counted.
    const hiddenReply = (await comment(b, ['grid', freeGrid], 'Răspuns de ascuns', c.id)).json().comment;
    await api('POST', `/admin/community/comments/${hiddenReply.id}/hidden`, admin, { hidden: true });
    const again = (await api('GET', '/community/public')).json().threads.find((x: { id: number }) => x.id === c.id);
    expect(again.reply_count).toBe(1);
    expect(again.replies.map((r: { id: number }) => r.id)).not.toContain(hiddenReply.id);
  });
});

describe('proposals', () => {
  it('submits, votes once (toggle), and only admins set the status', async () => {
    const a = await user();
    const b = await user();
    const created = await api('POST', '/proposals', a, { title: 'Mod întunecat pentru PDF', description: 'Aș vrea ca fișele PDF să aibă și temă întunecată.' });
    expect(created.statusCode).toBe(201);
    const p = created.json().proposal;
    expect(p).toMatchObject({ status: 'proposed', votes: 0, mine: true });
    expect((await api('POST', `/proposals/${p.id}/vote`, b)).json()).toEqual({ voted: true, votes: 1 });
    expect((await api('POST', `/proposals/${p.id}/vote`, b)).json()).toEqual({ voted: false, votes: 0 });
    expect((await api('POST', `/proposals/${p.id}/vote`, b)).json()).toEqual({ voted: true, votes: 1 });
    const listed = (await api('GET', '/proposals?sort=new', b)).json().proposals.find((x: { id: number }) => x.id === p.id);
    expect(listed).toMatchObject({ voted: true, votes: 1, mine: false });

    const notAdmin = await api('POST', `/admin/community/proposals/${p.id}/status`, a, { status: 'done' });
    expect(notAdmin.statusCode).toBe(403);
    const bad = await api('POST', `/admin/community/proposals/${p.id}/status`, admin, { status: 'gata' });
    expect(codeOf(bad)).toBe('FORM_PROPOSAL_STATUS_INVALID');
    const ok = await api('POST', `/admin/community/proposals/${p.id}/status`, admin, { status: 'planned' });
    expect(ok.json().proposal.status).toBe('planned');
    const filtered = (await api('GET', '/proposals?status=planned', b)).json().proposals.map((x: { id: number }) => x.id);
    expect(filtered).toContain(p.id);
    expect((await api('POST', '/proposals/2000000000/vote', b)).statusCode).toBe(404);
  });

  it('bounds title and description, and limits proposals per user', async () => {
    const a = await user();
    const cases: Array<[object, string]> = [
      [{ title: '', description: 'Descriere destul de lungă' }, 'FORM_TITLE_REQUIRED'],
      [{ title: 'abc', description: 'Descriere destul de lungă' }, 'FORM_TITLE_TOO_SHORT'],
      [{ title: 'x'.repeat(500), description: 'Descriere destul de lungă' }, 'FORM_TITLE_TOO_LONG'],
      [{ title: 'Titlu bun aici', description: 'scurt' }, 'FORM_DESCRIPTION_TOO_SHORT'],
      [{ title: 'Titlu bun aici' }, 'FORM_DESCRIPTION_REQUIRED'],
    ];
    for (const [payload, code] of cases) {
      const res = await api('POST', '/proposals', a, payload);
      expect(res.statusCode, code).toBe(422);
      expect(Object.values(res.json().errors).flat()).toContain(code);
    }
    // Refused requests count too (the limit is read before the body), so a fresh account.
    const c = await user();
    for (let i = 0; i < PROPOSAL_WRITE_RATE.max; i++)
      expect((await api('POST', '/proposals', c, { title: `Propunerea ${i} aici`, description: 'O descriere destul de lungă.' })).statusCode).toBe(201);
    expect((await api('POST', '/proposals', c, { title: 'Încă una aici', description: 'O descriere destul de lungă.' })).statusCode).toBe(429);
  });
});
