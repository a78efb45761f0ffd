// Stripe's Card Element (number, expiry, CVV in Stripe's iframe: the card never touches our page
// or API), mounted in a box that looks like our inputs. Its text colours and font come from our
// CSS variables, read again when the theme changes (light / dark), since the iframe cannot see them.
import { useEffect, useId, useRef, useState } from 'react';
import type { StripeCardElement, StripeCardElementOptions } from '@stripe/stripe-js';
import { ErrorList } from '../../../../shell/form/ErrorList.tsx';
import { stripeErrorCode, type StripeJs } from './stripe-flow.ts';
import './stripe-card.css';

/** What the form needs to know before it sends anything: filled, complete, or the field's error. */
export type CardState = { empty: boolean; complete: boolean; error: string | null };

/** The Element's style from the page's tokens (tokens.css), as resolved colours. */
export function elementStyle(root: Element = document.documentElement): StripeCardElementOptions['style'] {
  const css = getComputedStyle(root);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const text = v('--text', '#0f1f1e');
  const danger = v('--danger', '#b91c1c');
  return {
    base: {
      color: text,
      iconColor: v('--muted', '#4a5d5b'),
      fontFamily: v('--font-sans', 'system-ui, sans-serif'),
      fontSize: '16px',
      fontSmoothing: 'antialiased',
      '::placeholder': { color: v('--muted', '#4a5d5b') },
    },
    invalid: { color: danger, iconColor: danger },
  };
}

/** The mounted Card Element and its state; `card` is null until Stripe.js has mounted it. */
export function useCardElement(stripe: StripeJs | null) {
  const box = useRef<HTMLDivElement>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [state, setState] = useState<CardState>({ empty: true, complete: false, error: null });
  useEffect(() => {
    if (!stripe || !box.current) return;
    const element = stripe.elements({ locale: 'ro' }).create('card', {
      style: elementStyle(),
      // The bank checks the card and 3-D Secure; a Romanian card has no ZIP to ask for.
      hidePostalCode: true,
    });
    element.on('change', (e) =>
      setState({ empty: e.empty, complete: e.complete, error: e.error ? stripeErrorCode(e.error) : null }),
    );
    element.mount(box.current);
    setCard(element);
    // The theme switch sets <html data-theme>: restyle the iframe's text with the new colours.
    const watch = new MutationObserver(() => element.update({ style: elementStyle() }));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      watch.disconnect();
      element.destroy();
      setCard(null);
    };
  }, [stripe]);
  return { box, card, state };
}

/** The labelled box the Element mounts in; errors: the form's codes for the card. */
export function StripeCardBox({
  box,
  card,
  errors,
}: {
  box: React.RefObject<HTMLDivElement | null>;
  card: StripeCardElement | null;
  errors: readonly string[];
}) {
  const id = useId();
  return (
    <div className={`form-field${errors.length ? ' form-field--invalid' : ''}`}>
      {/* A label cannot point into Stripe's iframe: a click on it focuses the Element instead. */}
      <span className="form-field__label" id={`${id}-label`} onClick={() => card?.focus()}>
        Datele cardului
      </span>
      <div
        ref={box}
        className="form-field__input stripe-card"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={errors.length ? `${id}-errors` : undefined}
        data-testid="stripe-card"
      />
      <ErrorList id={`${id}-errors`} codes={errors} />
    </div>
  );
}

/** The card's own problem before anything is sent, or null when it can go to Stripe. */
export function cardProblem(state: CardState): string | null {
  if (state.empty) return 'FIELD_REQUIRED';
  return state.error ?? (state.complete ? null : 'FORM_CARD_INCOMPLETE');
}
