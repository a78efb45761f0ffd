// The Stripe card forms as rendered, with Stripe.js replaced where loadStripe would load it
// (load-stripe.ts mocked) by a fake whose Card Element the test types into, and the API mocked.
// The fake records what the forms hand to Stripe.js; the API's answers decide what is shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { messageFor } from '../../src/shared/messages.ro.ts';
import type { PaymentOrder, PremiumPackage } from '../../src/shared/payment-payloads.ts';
import type { CardSetup } from '../../src/shared/card-payloads.ts';

type ChangeEvent = { empty: boolean; complete: boolean; error?: { type: string; code: string } };
/** The fake Card Element: mounted into the form's box; the test fires its change events. */
const element = {
  listeners: [] as Array<(e: ChangeEvent) => void>,
  mountedIn: null as HTMLElement | null,
  options: null as unknown,
  on(name: string, fn: (e: ChangeEvent) => void) {
    if (name === 'change') this.listeners.push(fn);
    return this;
  },
  mount(el: HTMLElement) {
    this.mountedIn = el;
  },
  update: vi.fn(),
  destroy: vi.fn(),
  clear: vi.fn(),
  focus: vi.fn(),
};
const fake = {
  elements: vi.fn(() => ({
    create: vi.fn((_type: string, options: unknown) => {
      element.options = options;
      return element;
    }),
  })),
  confirmCardPayment: vi.fn(),
  confirmCardSetup: vi.fn(),
  handleNextAction: vi.fn(),
};
vi.mock('../../src/pages/dash/premium/stripe/load-stripe.ts', () => ({ loadStripeJs: vi.fn(async () => fake) }));
vi.mock('../../src/api/payments.ts', () => ({ startCheckout: vi.fn(), getOrder: vi.fn() }));
vi.mock('../../src/api/cards.ts', () => ({ getCards: vi.fn(), startCardSetup: vi.fn(), getCardSetup: vi.fn() }));

const payments = await import('../../src/api/payments.ts');
const cards = await import('../../src/api/cards.ts');
const { loadStripeJs } = await import('../../src/pages/dash/premium/stripe/load-stripe.ts');
const { default: StripeCardForm } = await import('../../src/pages/dash/premium/stripe/StripeCardForm.tsx');
const { default: StripeAddCardForm } = await import('../../src/pages/settings/cards/StripeAddCardForm.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const pkg: PremiumPackage = { id: 3, code: 'm1', months: 1, price_bani: 4900, per_month_bani: 4900, vat_percent: 21, currency: 'RON' };
const order = (status: PaymentOrder['status'], failure_code: string | null = null): PaymentOrder => ({
  id: 11,
  status,
  package_id: 3,
  months: 1,
  amount_bani: 4900,
  currency: 'RON',
  failure_code,
  card: status === 'succeeded' ? { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } : null,
  created_at: '2026-11-25T09:00:00Z',
  paid_at: null,
  renewal_card: null,
});
const payment = { provider: 'stripe' as const, intent_id: 'pi_9', client_secret: 'pi_9_secret_abc' };

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  vi.clearAllMocks();
  element.listeners = [];
  element.mountedIn = null;
  vi.mocked(cards.getCards).mockResolvedValue({ cards: [], renews: false });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render(node: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: node }], { initialEntries: ['/cont/premium'] });
  await act(async () => root.render(<RouterProvider router={router} />));
}
const typeCard = (e: ChangeEvent) => act(async () => element.listeners.forEach((fn) => fn(e)));
const submit = () =>
  act(async () => {
    container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
const alertText = () => container.querySelector('[role="alert"]')?.textContent ?? '';

describe('checkout with Stripe', () => {
  const onPaid = vi.fn();
  const form = () => <StripeCardForm publishableKey="pk_test_grilio" pkg={pkg} onPaid={onPaid} onAlreadyPremium={() => undefined} />;

  it('loads Stripe.js with the server’s key, mounts the Card Element styled from our CSS variables', async () => {
    await render(form());
    expect(loadStripeJs).toHaveBeenCalledWith('pk_test_grilio');
    expect(element.mountedIn?.dataset.testid).toBe('stripe-card');
    const style = (element.options as { style: { base: { fontSize: string }; invalid: { color: string } }; hidePostalCode: boolean });
    expect(style.hidePostalCode).toBe(true);
    expect(style.style.base.fontSize).toBe('16px');
    expect(style.style.invalid.color).toBeTruthy();
    // The theme switch restyles the iframe.
    await act(async () => {
      document.documentElement.dataset.theme = 'dark';
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(element.update).toHaveBeenCalled();
  });

  it('an empty or half-typed card is refused before any order is made', async () => {
    await render(form());
    await submit();
    expect(container.textContent).toContain(messageFor('FIELD_REQUIRED'));
    await typeCard({ empty: false, complete: false });
    await submit();
    expect(container.textContent).toContain(messageFor('FORM_CARD_INCOMPLETE'));
    await typeCard({ empty: false, complete: false, error: { type: 'validation_error', code: 'invalid_expiry_year_past' } });
    expect(container.textContent).toContain(messageFor('FORM_CARD_EXPIRED'));
    expect(payments.startCheckout).not.toHaveBeenCalled();
  });

  it('pays: the server’s intent secret and the Element go to confirmCardPayment; paid when the order says so', async () => {
    vi.mocked(payments.startCheckout).mockResolvedValue({ order: order('requires_action'), payment });
    vi.mocked(payments.getOrder).mockResolvedValue({ order: order('succeeded') });
    fake.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    await render(form());
    await typeCard({ empty: false, complete: true });
    await submit();
    expect(payments.startCheckout).toHaveBeenCalledWith(3, expect.any(String), null, null, true);
    expect(fake.confirmCardPayment).toHaveBeenCalledWith('pi_9_secret_abc', { payment_method: { card: element } });
    expect(payments.getOrder).toHaveBeenCalledWith(11);
    expect(onPaid).toHaveBeenCalledWith(order('succeeded'));
  });

  it('a decline shows the Romanian message; the next try is a new attempt (new key)', async () => {
    vi.mocked(payments.startCheckout).mockResolvedValue({ order: order('requires_action'), payment });
    vi.mocked(payments.getOrder).mockResolvedValue({ order: order('failed', 'FORM_CARD_INSUFFICIENT_FUNDS') });
    fake.confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } });
    await render(form());
    await typeCard({ empty: false, complete: true });
    await submit();
    expect(alertText()).toContain('Fonduri insuficiente pe card.');
    expect(onPaid).not.toHaveBeenCalled();
    await submit();
    const keys = vi.mocked(payments.startCheckout).mock.calls.map((c) => c[1]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("Stripe.js says succeeded, the server says failed: not paid, the server's code is shown", async () => {
    vi.mocked(payments.startCheckout).mockResolvedValue({ order: order('requires_action'), payment });
    vi.mocked(payments.getOrder).mockResolvedValue({ order: order('failed', 'FORM_CARD_DECLINED') });
    fake.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    await render(form());
    await typeCard({ empty: false, complete: true });
    await submit();
    expect(onPaid).not.toHaveBeenCalled();
    expect(alertText()).toContain(messageFor('FORM_CARD_DECLINED'));
  });

  it('Stripe.js says succeeded, the server has not settled yet: pending; pressing again only reads the order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      vi.mocked(payments.startCheckout).mockResolvedValue({ order: order('requires_action'), payment });
      vi.mocked(payments.getOrder).mockResolvedValue({ order: order('requires_action') });
      fake.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
      await render(form());
      await typeCard({ empty: false, complete: true });
      const pressed = submit();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(8000);
      });
      await pressed;
      expect(payments.getOrder).toHaveBeenCalledTimes(4);
      expect(onPaid).not.toHaveBeenCalled();
      expect(alertText()).toContain(messageFor('FORM_PAYMENT_PENDING'));
      // The webhook has arrived: the next press reads the order, confirms nothing again.
      vi.mocked(payments.getOrder).mockResolvedValue({ order: order('succeeded') });
      await submit();
      expect(fake.confirmCardPayment).toHaveBeenCalledTimes(1);
      expect(payments.startCheckout).toHaveBeenCalledTimes(1);
      expect(onPaid).toHaveBeenCalledWith(order('succeeded'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('a saved card whose bank asks for 3-D Secure: handleNextAction, then the order', async () => {
    vi.mocked(cards.getCards).mockResolvedValue({
      cards: [{ id: 8, brand: 'visa', last4: '3184', exp_month: 1, exp_year: 2031, is_default: true, created_at: '2026-01-01T00:00:00Z' }],
      renews: false,
    });
    vi.mocked(payments.startCheckout).mockResolvedValue({ order: order('requires_action'), payment });
    vi.mocked(payments.getOrder).mockResolvedValue({ order: order('succeeded') });
    fake.handleNextAction.mockResolvedValue({ paymentIntent: { id: 'pi_9', status: 'succeeded' } });
    await render(form());
    await submit();
    expect(payments.startCheckout).toHaveBeenCalledWith(3, expect.any(String), null, 8, true);
    expect(fake.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_9_secret_abc' });
    expect(fake.confirmCardPayment).not.toHaveBeenCalled();
    expect(onPaid).toHaveBeenCalled();
  });

  it('another card than the default: "Folosește acest card pentru reînnoirea automată", ticked; unticked, the page and the request keep the default (issue 32 §1)', async () => {
    vi.mocked(cards.getCards).mockResolvedValue({
      cards: [
        { id: 9, brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2031, is_default: false, created_at: '2026-02-01T00:00:00Z' },
        { id: 8, brand: 'visa', last4: '3184', exp_month: 1, exp_year: 2031, is_default: true, created_at: '2026-01-01T00:00:00Z' },
      ],
      renews: true,
    });
    vi.mocked(payments.startCheckout).mockResolvedValue({ order: order('succeeded'), payment: null });
    vi.mocked(payments.getOrder).mockResolvedValue({ order: order('succeeded') });
    const terms = { package_id: 3, starts_at: new Date().toISOString(), ends_at: '2027-01-01T00:00:00Z', renews_at: '2026-12-31T00:00:00Z', renewal_amount_bani: 4900 };
    await render(<StripeCardForm publishableKey="pk_test_grilio" pkg={pkg} terms={terms} onPaid={onPaid} onAlreadyPremium={() => undefined} />);
    const box = () => container.querySelector<HTMLInputElement>('input[name="use_for_renewal"]');
    const termsText = () => container.querySelector('[data-testid="renewal-terms"]')!.textContent!;
    // The default is preselected: nothing to choose.
    expect(box()).toBeNull();
    expect(termsText()).toContain('cu cardul Visa •••• 3184');
    // A new card: the box, ticked, and the terms name the card typed now.
    await act(async () => [...container.querySelectorAll<HTMLInputElement>('input[name="card-choice"]')].at(-1)!.click());
    expect(box()!.checked).toBe(true);
    expect(termsText()).toContain('cu cardul cu care plătești acum');
    expect(container.querySelector('[data-testid="card-saved-note"]')!.textContent).toContain('Cardul va fi salvat pentru reînnoirea automată');
    // The saved 4242, unticked: the default renews, and the page says so.
    await act(async () => container.querySelector<HTMLInputElement>('[data-card-id="9"] input')!.click());
    await act(async () => box()!.click());
    expect(box()!.checked).toBe(false);
    expect(termsText()).toContain('cu cardul Visa •••• 3184');
    expect(container.querySelector('[data-testid="renewal-card-hint"]')!.textContent).toBe('Reînnoirea rămâne pe cardul Visa •••• 3184.');
    await submit();
    expect(payments.startCheckout).toHaveBeenCalledWith(3, expect.any(String), null, 9, false);
    expect(onPaid).toHaveBeenCalled();
  });

  it('a saved card charged at once needs no Stripe.js: the order read back settles it', async () => {
    vi.mocked(cards.getCards).mockResolvedValue({
      cards: [{ id: 8, brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2031, is_default: true, created_at: '2026-01-01T00:00:00Z' }],
      renews: false,
    });
    vi.mocked(payments.startCheckout).mockResolvedValue({ order: order('failed', 'FORM_CARD_EXPIRED'), payment: null });
    vi.mocked(payments.getOrder).mockResolvedValue({ order: order('failed', 'FORM_CARD_EXPIRED') });
    await render(form());
    await submit();
    expect(fake.handleNextAction).not.toHaveBeenCalled();
    expect(alertText()).toContain(messageFor('FORM_CARD_EXPIRED'));
  });

  it('Stripe.js that cannot load: the page says the payment processor could not start', async () => {
    vi.mocked(loadStripeJs).mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    await render(form());
    expect(container.textContent).toContain(messageFor('FORM_PAYMENT_PROVIDER_INIT_FAILED'));
  });
});

describe('"Adaugă un card" with Stripe', () => {
  it('confirmCardSetup on the server’s SetupIntent; added once the server says succeeded', async () => {
    const setup = (status: CardSetup['status'], failure_code: string | null = null): CardSetup => ({ id: 4, status, failure_code, card: null });
    vi.mocked(cards.startCardSetup).mockResolvedValue({ setup: setup('requires_action'), payment: { provider: 'stripe', intent_id: 'seti_1', client_secret: 'seti_1_secret' } });
    vi.mocked(cards.getCardSetup).mockResolvedValueOnce({ setup: setup('failed', 'FORM_CARD_3DS_FAILED') });
    fake.confirmCardSetup.mockResolvedValue({ error: { type: 'invalid_request_error', code: 'setup_intent_authentication_failure' } });
    const onAdded = vi.fn();
    await render(<StripeAddCardForm publishableKey="pk_test_grilio" onAdded={onAdded} />);
    await typeCard({ empty: false, complete: true });
    await submit();
    expect(fake.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret', { payment_method: { card: element } });
    expect(alertText()).toContain('Autentificarea 3D Secure a eșuat.');
    expect(onAdded).not.toHaveBeenCalled();
    // Next try: a new attempt; this time the bank accepts.
    vi.mocked(cards.getCardSetup).mockResolvedValue({ setup: setup('succeeded') });
    fake.confirmCardSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    await submit();
    expect(cards.startCardSetup).toHaveBeenCalledTimes(2);
    expect(onAdded).toHaveBeenCalledWith(setup('succeeded'));
    expect(element.clear).toHaveBeenCalled();
  });
});
