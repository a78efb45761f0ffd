// Card networks as they write themselves, whatever case the processor sends (issue 32 §1).
import { expect, it } from 'vitest';
import { brandName } from '../../src/shared/card-brands.ts';

it('names the networks as they write themselves', () => {
  expect(['visa', 'VISA', 'mastercard', 'MasterCard', 'amex', 'unknown', null].map(brandName)).toEqual([
    'Visa',
    'Visa',
    'Mastercard',
    'Mastercard',
    'American Express',
    'Card',
    'Card',
  ]);
});
