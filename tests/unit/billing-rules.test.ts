// The billing form's rules (src/shared/billing-rules.ts): the Romanian CIF check digit (key
// 753217532), the trade-registry number's two forms, and the schema's per-kind requirements.
import { describe, expect, it } from 'vitest';
import { billingBody, COUNTIES, isValidCif, normalizeCif, REG_NO } from '../../src/shared/billing-rules.ts';

/** The check digit computed the long way, to compare against on many generated numbers. */
function checkDigit(body: string): number {
  const key = '753217532';
  const padded = body.padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(padded[i]) * Number(key[i]);
  const r = (sum * 10) % 11;
  return r === 10 ? 0 : r;
}

describe('isValidCif', () => {
  it('accepts real CIFs, with or without RO and spaces', () => {
    for (const cif of [
      '14399840',
      'RO14399840',
      'ro 1439 9840',
      '1590082',
      'RO1590082',
      '4221187',
      '13548146',
      '18547290',
    ])
      expect(isValidCif(cif), cif).toBe(true);
  });

  it('refuses a wrong check digit, letters, a leading zero, too short or too long', () => {
    for (const cif of [
      '14399841',
      '14399849',
      '1590083',
      'RO',
      '1',
      '12345678901',
      '14399A40',
      '014399840',
      'RX14399840',
      '',
    ])
      expect(isValidCif(cif), cif).toBe(false);
  });

  it('a check digit of 10 becomes 0', () => {
    const weighted = (body: string) =>
      Array.from(body.padStart(9, '0')).reduce((s, d, i) => s + Number(d) * Number('753217532'[i]), 0);
    let body = 100;
    while ((weighted(String(body)) * 10) % 11 !== 10) body++;
    expect(isValidCif(`${body}0`)).toBe(true);
    expect(isValidCif(`${body}1`)).toBe(false);
  });

  it('agrees with the long computation on every length from 2 to 10 digits', () => {
    for (let len = 1; len <= 9; len++)
      for (let k = 0; k < 50; k++) {
        const body = String(10 ** (len - 1) + ((k * 7919) % (9 * 10 ** (len - 1))));
        const good = checkDigit(body);
        expect(isValidCif(`${body}${good}`), `${body}${good}`).toBe(true);
        expect(isValidCif(`${body}${(good + 1) % 10}`)).toBe(false);
      }
  });

  it('normalizes spaces and case', () => expect(normalizeCif(' ro 143 998 40 ')).toBe('RO14399840'));
});

describe('REG_NO', () => {
  it('takes J40/1234/2020 and the single form J2020001234406', () => {
    for (const r of ['J40/1234/2020', 'J22/1/1999', 'F12/34/2010', 'C1/2/2021', 'J2020001234406'])
      expect(REG_NO.test(r), r).toBe(true);
    for (const r of ['J40-1234-2020', 'J40/1234/20', 'X40/1/2020', 'J202000123440', '40/1234/2020', ''])
      expect(REG_NO.test(r), r).toBe(false);
  });
});

describe('billingBody', () => {
  const company = {
    kind: 'company',
    name: 'Firma SRL',
    address: 'Str. A 1',
    city: 'Cluj-Napoca',
    county: 'Cluj',
    country: 'RO',
    cif: 'RO14399840',
    reg_no: 'J12/1/2020',
  };
  const errorsOf = (v: object) => {
    const r = billingBody.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('lists 41 counties and București', () => {
    expect(COUNTIES).toHaveLength(42);
    expect(COUNTIES.map((c) => c.name)).toContain('București');
    expect(COUNTIES.map((c) => c.name)).toContain('Bistrița-Năsăud');
  });

  it('a company in Romania needs a valid CIF and registry number and a county of the list', () => {
    expect(errorsOf(company)).toEqual({});
    expect(errorsOf({ ...company, cif: 'RO14399841' })).toEqual({ cif: 'FORM_CIF_INVALID' });
    expect(errorsOf({ ...company, cif: '' })).toEqual({ cif: 'FORM_CIF_REQUIRED' });
    expect(errorsOf({ ...company, reg_no: 'x' })).toEqual({ reg_no: 'FORM_REG_NO_INVALID' });
    expect(errorsOf({ ...company, county: 'Cluj-Napoca' })).toEqual({ county: 'FORM_COUNTY_INVALID' });
  });

  it('București: the locality is a sector, written "Sector n"; elsewhere the city is free', () => {
    const b = { ...company, county: 'București' };
    expect(errorsOf({ ...b, city: 'București' })).toEqual({ city: 'FORM_BUCHAREST_SECTOR_REQUIRED' });
    expect(errorsOf({ ...b, city: 'Sector 7' })).toEqual({ city: 'FORM_BUCHAREST_SECTOR_REQUIRED' });
    expect(billingBody.parse({ ...b, city: ' sector  2 ' }).city).toBe('Sector 2');
    expect(billingBody.parse({ ...company, city: 'Sector 2' }).city).toBe('Sector 2');
    expect(errorsOf({ ...company, country: 'DE', county: 'București', city: 'Berlin', cif: 'DE123456789', reg_no: '' })).toEqual({});
  });

  it('a person needs neither, and loses what the form still held', () => {
    const r = billingBody.parse({ ...company, kind: 'person', cif: 'garbage', reg_no: 'garbage' });
    expect(r).toMatchObject({ kind: 'person', cif: '', reg_no: '' });
  });

  it('abroad: free county, a VAT id without the Romanian check, no registry number', () => {
    expect(errorsOf({ ...company, country: 'DE', county: '', cif: 'DE123456789', reg_no: '' })).toEqual({});
    expect(errorsOf({ ...company, country: 'DE', county: '', cif: 'DE 12-34', reg_no: '' })).toEqual({
      cif: 'FORM_CIF_INVALID',
    });
  });
});
