// What to call the person (issue 23 §3): the sign-up asks "Popescu Ana", so the first word is
// often the family name. The account keeps an optional call name, asked at sign-up and editable;
// a group invitation says it (or the full name), never a guessed first word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { post, uniqueEmail, PASSWORD } from './fixtures/auth.ts';
import { createUser } from './users-fixture.ts';
import { sendInvitations } from '../../server/modules/groups/invite.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/user/name', headers: { authorization: `Bearer ${token}` }, payload });

describe('call name', () => {
  it('asked at sign-up (optional), in the user payload, editable, cleared by an empty value; bounded', async () => {
    const res = await post(t.app, '/auth/register', { name: 'Stănescu Ana', call_name: '  Ana  ', email: uniqueEmail(), password: PASSWORD, terms: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ name: 'Stănescu Ana', call_name: 'Ana' });
    const token = res.json().token as string;

    const without = await post(t.app, '/auth/register', { name: 'Pop Ion', email: uniqueEmail(), password: PASSWORD, terms: true });
    expect(without.json().user.call_name).toBeNull();

    const renamed = await put(token, { name: 'Stănescu Ana Maria', call_name: 'Ana Maria' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({ name: 'Stănescu Ana Maria', call_name: 'Ana Maria' });
    // The name alone leaves the call name as it is; an empty one clears it.
    expect((await put(token, { name: 'Stănescu Ana' })).json().user.call_name).toBe('Ana Maria');
    expect((await put(token, { name: 'Stănescu Ana', call_name: '   ' })).json().user.call_name).toBeNull();

    const long = await put(token, { name: 'Stănescu Ana', call_name: 'A'.repeat(41) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.call_name).toEqual(['FORM_CALL_NAME_TOO_LONG']);
    expect((await put(token, { name: 'Stănescu Ana', call_name: 5 })).statusCode).toBe(422);
  });

  it('a group invitation names the sender by their call name, else the full name (not the first word)', async () => {
    const a = await createUser(t.db, { name: 'Stănescu Ion', password: null });
    const b = await createUser(t.db, { name: 'Pop Maria', password: null });
    const last = async () =>
      (await t.db.one<{ message: string }>(`select message from notifications where user_id = $1 and type = 'group_invite' order by id desc limit 1`, [b.id]))!.message;
    await sendInvitations(t.app, a.id, 'abc', [b.id]);
    expect(await last()).toBe('Stănescu Ion te-a invitat la un test de grup.');
    await t.db.query(`update users set call_name = 'Ionuț' where id = $1`, [a.id]);
    await sendInvitations(t.app, a.id, 'abc', [b.id]);
    expect(await last()).toBe('Ionuț te-a invitat la un test de grup.');
  });
});
