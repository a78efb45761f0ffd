// A chapter's discussion for visitors (GET /community/public/chapters/{id}/comments): read without
// an account, only on a free chapter, never a hidden or deleted comment, no person's id or e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, type FixtureUser } from './learning-fixture.ts';

let t: TestApp;
let chapter: number;
let premiumChapter: number;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read field by field
type Res = { statusCode: number; body: string; json: () => any };
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, u?: FixtureUser, payload?: object): Promise<Res> =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, ...(payload ? { payload } : {}) });
const comment = async (u: FixtureUser, id: number, body: string, parent_id?: number) =>
  (await api('POST', '/comments', u, { target_type: 'chapter', target_id: id, body, ...(parent_id ? { parent_id } : {}) })).json().comment;

beforeAll(async () => {
  t = await createTestApp();
  const content = await makeContent(t.db, [[{}], []]);
  chapter = content.chapterIds[0]!;
  premiumChapter = content.chapterIds[1]!;
  await t.db.query('update chapters set is_premium = true where id = $1', [premiumChapter]);
});
afterAll(() => t.close());

describe('a chapter’s discussion for visitors', () => {
  it('shows visible comments and replies, read-only, without hidden or deleted ones or anyone’s id', async () => {
    const a = await makeUser(t.db, { center: null, name: 'Ana Publică' });
    const b = await makeUser(t.db, { center: null, name: 'Bogdan Public' });
    const admin = await makeUser(t.db, { center: null, admin: true });
    const root = await comment(a, chapter, 'O întrebare la vedere');
    const reply = await comment(b, chapter, 'Un răspuns la vedere', root.id);
    const hiddenReply = await comment(b, chapter, 'Un răspuns ascuns', root.id);
    const hidden = await comment(b, chapter, 'Un comentariu ascuns');
    const gone = await comment(a, chapter, 'Un comentariu șters');
    await api('POST', `/admin/community/comments/${hidden.id}/hidden`, admin, { hidden: true });
    await api('POST', `/admin/community/comments/${hiddenReply.id}/hidden`, admin, { hidden: true });
    expect((await api('DELETE', `/comments/${gone.id}`, a)).statusCode).toBe(200);

    const res = await api('GET', `/community/public/chapters/${chapter}/comments`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.comments).toHaveLength(1);
    expect(body.comments[0]).toMatchObject({ id: root.id, author_name: 'Ana P.', body: 'O întrebare la vedere', votes: 0 });
    expect(body.comments[0].replies.map((r: { id: number }) => r.id)).toEqual([reply.id]);
    expect(res.body).not.toContain('ascuns');
    expect(res.body).not.toContain('șters');
    expect(res.body).not.toMatch(/@|"author_id"|"user_id"|"email"|"author":/);
  });

  it('refuses a premium chapter, an unknown one and a bad id with codes', async () => {
    const premium = await api('GET', `/community/public/chapters/${premiumChapter}/comments`);
    expect(premium.statusCode).toBe(403);
    expect(premium.body).toContain('FORM_PREMIUM_CONTENT_ONLY');
    expect((await api('GET', '/community/public/chapters/999999/comments')).statusCode).toBe(404);
    for (const id of ['x', '-1', '1e3', '99999999999']) expect((await api('GET', `/community/public/chapters/${id}/comments`)).statusCode, id).toBe(422);
  });
});
