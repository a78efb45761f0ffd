// Live comment threads (issue 7 §5): who may listen on a discussion's private channel (exactly who
// may read its comments: a free user is refused a premium grid's or chapter's), and every change
// — comment, reply, edit, vote, delete, moderation — announced there by ids only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeContent, makeUser, type FixtureUser } from './learning-fixture.ts';
import { COMMENTS_EVENT, commentsChannel } from '../../src/shared/community-payloads.ts';

let t: TestApp;
let freeGrid: number;
let premiumGrid: number;
let chapter: number;
let premiumChapter: number;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read field by field
type Res = { statusCode: number; json: () => any };
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, u?: FixtureUser, payload?: object): Promise<Res> =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: u?.auth, ...(payload ? { payload } : {}) });
const user = (opts: { premium?: boolean; admin?: boolean } = {}) => makeUser(t.db, { center: null, ...opts });
const listen = (u: FixtureUser | undefined, channel_name: string) =>
  api('POST', '/broadcasting/auth', u, { socket_id: '1234.5678', channel_name });

beforeAll(async () => {
  t = await createTestApp();
  const content = await makeContent(t.db, [[{}, { premium: true }], []]);
  [freeGrid, premiumGrid] = content.gridIds[0]!;
  chapter = content.chapterIds[0]!;
  premiumChapter = content.chapterIds[1]!;
  await t.db.query('update chapters set is_premium = true where id = $1', [premiumChapter]);
});
afterAll(() => t.close());

describe('live threads: channel authorisation', () => {
  it('a free user may listen on a free grid’s and chapter’s discussion, not on a premium one’s', async () => {
    const free = await user();
    expect((await listen(free, commentsChannel('grid', freeGrid))).statusCode).toBe(200);
    expect((await listen(free, commentsChannel('chapter', chapter))).statusCode).toBe(200);
    expect((await listen(free, commentsChannel('grid', premiumGrid))).statusCode).toBe(403);
    expect((await listen(free, commentsChannel('chapter', premiumChapter))).statusCode).toBe(403);
  });

  it('a premium user and an admin may listen on premium discussions', async () => {
    for (const u of [await user({ premium: true }), await user({ admin: true })]) {
      expect((await listen(u, commentsChannel('grid', premiumGrid))).statusCode).toBe(200);
      expect((await listen(u, commentsChannel('chapter', premiumChapter))).statusCode).toBe(200);
    }
  });

  it('refuses unknown and unpublished targets, odd names and visitors', async () => {
    const free = await user();
    await t.db.query('update grids set is_published = false where id = $1', [freeGrid]);
    try {
      expect((await listen(free, commentsChannel('grid', freeGrid))).statusCode).toBe(403);
    } finally {
      await t.db.query('update grids set is_published = true where id = $1', [freeGrid]);
    }
    for (const name of ['private-comments.grid.999999', 'private-comments.grid.99999999999', 'private-comments.note.1', 'private-comments.grid.-1'])
      expect((await listen(free, name)).statusCode, name).toBe(403);
    expect((await listen(undefined, commentsChannel('grid', freeGrid))).statusCode).toBe(401);
  });
});

describe('live threads: every change announced by ids', () => {
  it('comment, reply, edit, vote, delete and moderation go to the thread’s channel, ids only', async () => {
    const a = await user();
    const b = await user();
    const admin = await user({ admin: true });
    const trigger = vi.spyOn(t.app.realtime, 'trigger');
    const channel = commentsChannel('grid', freeGrid);
    const seen = () =>
      trigger.mock.calls
        .filter((c) => c[0] === channel)
        .map((c) => {
          expect(c[1]).toBe(COMMENTS_EVENT);
          return c[2] as { action: string; comment_id: number; target_type: string; target_id: number };
        });
    const root = (await api('POST', '/comments', a, { target_type: 'grid', target_id: freeGrid, body: 'De ce e C?' })).json().comment;
    const reply = (await api('POST', '/comments', b, { target_type: 'grid', target_id: freeGrid, body: 'Pentru că...', parent_id: root.id })).json().comment;
    expect((await api('PATCH', `/comments/${root.id}`, a, { body: 'De ce e C, nu D?' })).statusCode).toBe(200);
    expect((await api('POST', `/comments/${root.id}/vote`, b)).statusCode).toBe(200);
    expect((await api('POST', `/admin/community/comments/${reply.id}/hidden`, admin, { hidden: true })).statusCode).toBe(200);
    expect((await api('DELETE', `/comments/${reply.id}`, b)).statusCode).toBe(200);
    const events = seen();
    expect(events.map((e) => [e.action, e.comment_id])).toEqual([
      ['created', root.id],
      ['created', reply.id],
      ['updated', root.id],
      ['voted', root.id],
      ['moderated', reply.id],
      ['deleted', reply.id],
    ]);
    // Nothing but ids: no body, no author, nothing a listener could not read through GET /comments.
    for (const e of events) expect(Object.keys(e).sort()).toEqual(['action', 'comment_id', 'target_id', 'target_type']);
    expect(events[0]).toMatchObject({ target_type: 'grid', target_id: freeGrid });
    trigger.mockRestore();
  });

  it('a refused change announces nothing', async () => {
    const free = await user();
    const trigger = vi.spyOn(t.app.realtime, 'trigger');
    expect((await api('POST', '/comments', free, { target_type: 'grid', target_id: premiumGrid, body: 'Încerc și eu' })).statusCode).toBe(403);
    expect(trigger.mock.calls.filter((c) => String(c[0]).startsWith('private-comments.'))).toHaveLength(0);
    trigger.mockRestore();
  });
});
