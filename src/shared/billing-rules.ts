// Billing data (SPEC §3, issue 8 §4): the buyer written on an invoice. One schema for the form of
// /setari/date-facturare and for PUT /user/billing; issue messages are catalogue codes.
import { z } from 'zod';
import { storableText } from './storable-text.ts';

/** Romania's counties and the capital, with their ISO 3166-2:RO codes (e-Factura wants the code). */
export const COUNTIES: ReadonlyArray<{ code: string; name: string }> = [
  ['AB', 'Alba'],
  ['AR', 'Arad'],
  ['AG', 'Argeș'],
  ['BC', 'Bacău'],
  ['BH', 'Bihor'],
  ['BN', 'Bistrița-Năsăud'],
  ['BT', 'Botoșani'],
  ['BV', 'Brașov'],
  ['BR', 'Brăila'],
  ['B', 'București'],
  ['BZ', 'Buzău'],
  ['CS', 'Caraș-Severin'],
  ['CL', 'Călărași'],
  ['CJ', 'Cluj'],
  ['CT', 'Constanța'],
  ['CV', 'Covasna'],
  ['DB', 'Dâmbovița'],
  ['DJ', 'Dolj'],
  ['GL', 'Galați'],
  ['GR', 'Giurgiu'],
  ['GJ', 'Gorj'],
  ['HR', 'Harghita'],
  ['HD', 'Hunedoara'],
  ['IL', 'Ialomița'],
  ['IS', 'Iași'],
  ['IF', 'Ilfov'],
  ['MM', 'Maramureș'],
  ['MH', 'Mehedinți'],
  ['MS', 'Mureș'],
  ['NT', 'Neamț'],
  ['OT', 'Olt'],
  ['PH', 'Prahova'],
  ['SM', 'Satu Mare'],
  ['SJ', 'Sălaj'],
  ['SB', 'Sibiu'],
  ['SV', 'Suceava'],
  ['TR', 'Teleorman'],
  ['TM', 'Timiș'],
  ['TL', 'Tulcea'],
  ['VS', 'Vaslui'],
  ['VL', 'Vâlcea'],
  ['VN', 'Vrancea'],
].map(([code, name]) => ({ code: code!, name: name! }));

/** Countries a buyer may be in: Romania first, then the rest of the EU and the Republic of Moldova. */
export const COUNTRIES: ReadonlyArray<{ code: string; name: string }> = [
  ['RO', 'România'],
  ['MD', 'Republica Moldova'],
  ['AT', 'Austria'],
  ['BE', 'Belgia'],
  ['BG', 'Bulgaria'],
  ['CY', 'Cipru'],
  ['HR', 'Croația'],
  ['CZ', 'Cehia'],
  ['DK', 'Danemarca'],
  ['EE', 'Estonia'],
  ['FI', 'Finlanda'],
  ['FR', 'Franța'],
  ['DE', 'Germania'],
  ['GR', 'Grecia'],
  ['IE', 'Irlanda'],
  ['IT', 'Italia'],
  ['LV', 'Letonia'],
  ['LT', 'Lituania'],
  ['LU', 'Luxemburg'],
  ['MT', 'Malta'],
  ['NL', 'Țările de Jos'],
  ['PL', 'Polonia'],
  ['PT', 'Portugalia'],
  ['SK', 'Slovacia'],
  ['SI', 'Slovenia'],
  ['ES', 'Spania'],
  ['SE', 'Suedia'],
  ['HU', 'Ungaria'],
].map(([code, name]) => ({ code: code!, name: name! }));

export const countyCode = (name: string) => COUNTIES.find((c) => c.name === name)?.code ?? null;
/** Bucharest's "localities" on an invoice are its six sectors (CIUS-RO BR-RO-100 wants SECTOR1–6). */
export const BUCHAREST = 'București';
export const SECTORS = ['Sector 1', 'Sector 2', 'Sector 3', 'Sector 4', 'Sector 5', 'Sector 6'] as const;
/** "sector3", "Sector  3" → "Sector 3"; anything else null. */
export const sectorOf = (city: string) => {
  const m = /^sector\s*([1-6])$/i.exec(city.trim());
  return m ? `Sector ${m[1]}` : null;
};

export const countryName = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;

const CIF_KEY = [7, 5, 3, 2, 1, 7, 5, 3, 2];

/** Spaces out, upper case: "ro 1439 9840" → "RO14399840". */
export const normalizeCif = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/**
 * The Romanian CIF (CUI) check: 2 to 10 digits, an optional RO prefix (VAT payer); the digits
 * before the last, aligned right under the key 753217532, weighted and summed; ×10 mod 11 (10 → 0)
 * must be the last digit.
 */
export function isValidCif(raw: string): boolean {
  const m = /^(?:RO)?(\d{2,10})$/.exec(normalizeCif(raw));
  if (!m) return false;
  const digits = m[1]!;
  if (digits.startsWith('0')) return false;
  const body = digits.slice(0, -1).padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * CIF_KEY[i]!;
  const control = ((sum * 10) % 11) % 10;
  return control === Number(digits.at(-1));
}

/**
 * Trade registry number: the classic J40/1234/2020 (type, county number, order, year) or the
 * single form used since 2024, type letter and 13 digits (J2020001234406).
 */
export const REG_NO = /^(?:[JFC]\d{1,2}\/\d{1,8}\/(?:19|20)\d{2}|[JFC]\d{13})$/;

function field(max: number) {
  return z
    .string({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(max, 'FIELD_TOO_LONG')
    .refine(storableText, 'FIELD_TEXT_UNSUPPORTED');
}
function optional(max: number) {
  return z
    .string({ error: 'FIELD_INVALID' })
    .trim()
    .max(max, 'FIELD_TOO_LONG')
    .refine(storableText, 'FIELD_TEXT_UNSUPPORTED')
    .default('');
}

export const BILLING_LIMITS = {
  name: 200,
  address: 300,
  city: 100,
  county: 100,
  cif: 20,
  reg_no: 30,
} as const;

export const billingBody = z
  .object({
    kind: z.enum(['person', 'company'], { error: 'FORM_BILLING_KIND_INVALID' }),
    name: field(BILLING_LIMITS.name),
    address: field(BILLING_LIMITS.address),
    city: field(BILLING_LIMITS.city),
    county: optional(BILLING_LIMITS.county),
    country: z
      .string({ error: 'FORM_COUNTRY_INVALID' })
      .refine((c) => COUNTRIES.some((x) => x.code === c), 'FORM_COUNTRY_INVALID'),
    cif: optional(BILLING_LIMITS.cif).transform(normalizeCif),
    reg_no: optional(BILLING_LIMITS.reg_no).transform((s) => s.replace(/\s+/g, '').toUpperCase()),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // In Romania the county is one of the list (the invoice and e-Factura name it); abroad, free text.
    if (b.country === 'RO' && !COUNTIES.some((c) => c.name === b.county))
      issue('county', 'FORM_COUNTY_INVALID');
    if (b.country === 'RO' && b.county === BUCHAREST && !sectorOf(b.city)) issue('city', 'FORM_BUCHAREST_SECTOR_REQUIRED');
    if (b.kind !== 'company') return;
    if (!b.cif) issue('cif', 'FORM_CIF_REQUIRED');
    else if (b.country === 'RO' ? !isValidCif(b.cif) : !/^[A-Z0-9]{2,20}$/.test(b.cif))
      issue('cif', 'FORM_CIF_INVALID');
    if (b.country === 'RO') {
      if (!b.reg_no) issue('reg_no', 'FORM_REG_NO_REQUIRED');
      else if (!REG_NO.test(b.reg_no)) issue('reg_no', 'FORM_REG_NO_INVALID');
    }
  })
  // A person has no CIF or registry number on the invoice, whatever the form still held; a
  // Bucharest sector is written one way.
  .transform((b) => {
    const city = b.country === 'RO' && b.county === BUCHAREST ? (sectorOf(b.city) ?? b.city) : b.city;
    return b.kind === 'person' ? { ...b, city, cif: '', reg_no: '' } : { ...b, city };
  });
export type BillingBody = z.input<typeof billingBody>;
export type BillingData = z.output<typeof billingBody>;
