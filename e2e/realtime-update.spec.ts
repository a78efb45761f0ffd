// The update modal from an admin's broadcast (issue 7 §1): a signed-in page subscribed to the public
// 'update' channel; an admin calls POST /api/v1/admin/announce-update; the real hub sends
// 'update' and the modal opens — no frame injected by the test.
import { test, expect } from './fixtures.ts';
import { ADMIN, DEMO, login } from './helpers.ts';

const UPDATE_TITLE = 'O nouă versiune este disponibilă!';

test("an admin's announcement opens the update modal on an open page", async ({ page, request }) => {
  // The page's realtime client is lazy (at idle once signed in; a visitor's waits 30 s, see
  // src/shell/realtime-start.ts and its unit test): wait until the hub confirms the subscription.
  const subscribed = new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes('"channel":"update"'))
          resolve();
      }),
    ),
  );
  await login(page, DEMO);
  await subscribed;
  const dialog = page.getByRole('dialog', { name: UPDATE_TITLE });
  await expect(dialog).toBeHidden();

  const adminLogin = await request.post('/api/v1/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(adminLogin.ok()).toBe(true);
  const { token } = (await adminLogin.json()) as { token: string };
  const announced = await request.post('/api/v1/admin/announce-update', {
    headers: { authorization: `Bearer ${token}` },
    data: { version: 'e2e' },
  });
  expect(announced.status()).toBe(204);

  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Mai târziu' }).click();
  await expect(dialog).toBeHidden();
});
