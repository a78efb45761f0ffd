// Card networks written as they write themselves (issue 32 §1): "Visa", not "VISA", on every
// screen, toast and document. One function for the app and the server.
const NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'visa' / 'VISA' → 'Visa'; an unknown network → 'Card'. */
export function brandName(brand: string | null | undefined): string {
  return NAMES[(brand ?? '').toLowerCase()] ?? 'Card';
}
