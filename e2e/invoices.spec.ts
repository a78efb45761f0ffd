// Billing data and invoices (issue 8 §4) in Chromium on the sandbox provider: a new account fills
// its company's billing data (a wrong CIF check digit is refused in Romanian), buys a package with
// the plain test card, finds the payment and its invoice on /setari/istoric-facturi and downloads
// the PDF, whose text is read back: seller, buyer with its diacritics, VAT and total. Then an admin
// finds that invoice on /admin/facturi and stornos it; the candidate's premium ends.
// INVOICE_SHOTS=dir saves the billing form and the admin screen at 390 and 1280 px, light and dark.
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { test, expect } from './fixtures.ts';
import { ADMIN, login, registerAccount, shoot, payWithTestCard } from './helpers.ts';

test('fill billing data, pay, download the invoice PDF and read it', async ({ page }, testInfo) => {
  test.slow();
  await registerAccount(page, 'Ștefan Țăranu', undefined, { billing: false });

  await page.goto('/setari/date-facturare');
  await expect(page.getByRole('heading', { name: 'Date de facturare' })).toBeVisible();
  // In București the locality is a sector (e-Factura names it SECTORn).
  const county = page.getByLabel('Județul');
  await county.selectOption('București');
  await expect(page.getByLabel('Sectorul')).toContainText('Sector 6');
  await expect(page.getByLabel('Localitatea')).toHaveCount(0);
  await county.selectOption('');
  await expect(page.getByLabel('Localitatea')).toBeVisible();
  await page.getByRole('radio', { name: 'Persoană juridică' }).check();
  await page.getByLabel('Denumirea firmei').fill('Științe Aplicate Țării SRL');
  await page.getByLabel('Cod de identificare fiscală (CIF)').fill('RO14399841');
  await page.getByLabel('Nr. de înregistrare la Registrul Comerțului').fill('J22/1234/2020');
  await page.getByLabel('Adresa (stradă, număr, bloc, apartament)').fill('Str. Mărășești nr. 4');
  await page.getByLabel('Localitatea').fill('Iași');
  await page.getByRole('button', { name: 'Salvează datele de facturare' }).click();
  await expect(
    page.getByText('CIF-ul nu este valid: verifică cifrele (cifra de control nu se potrivește).'),
  ).toBeVisible();
  await expect(page.getByText('Alege județul din listă.')).toBeVisible();
  await page.getByLabel('Cod de identificare fiscală (CIF)').fill('RO14399840');
  await page.getByLabel('Județul').selectOption('Iași');
  await page.getByRole('button', { name: 'Salvează datele de facturare' }).click();
  await expect(page.getByText('Datele de facturare au fost salvate.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Denumirea firmei')).toHaveValue('Științe Aplicate Țării SRL');
  await shoot(page, process.env.INVOICE_SHOTS, 'billing-settings');

  await page.goto('/setari/istoric-facturi');
  await expect(page.getByText('Nu ai nicio plată încă.')).toBeVisible();

  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^1 lună/ }).check();
  await payWithTestCard(page);
  await expect(page.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible();

  await page.goto('/setari/istoric-facturi');
  const payment = page.locator('.invoices__payment').first();
  await expect(payment).toContainText('Premium, 1 lună');
  await expect(payment).toContainText('49,00 lei');
  await expect(payment).toContainText('Plătită');
  await expect(payment).toContainText('Visa •••• 4242'); // as the network writes itself (issue 32 §1)
  await expect(payment).toContainText(/Factura GRL-\d{6}/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    payment.getByRole('button', { name: /^Descarcă PDF/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^factura-GRL-\d{6}\.pdf$/);
  const file = testInfo.outputPath('factura.pdf');
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(5_000);
  const text = (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
  for (const s of [
    'FACTURĂ',
    'Furnizor',
    'Grilio Educație SRL',
    'CIF: RO18547290',
    'Cumpărător',
    'Științe Aplicate Țării SRL',
    'CIF/CUI: RO14399840',
    'Nr. Reg. Com.: J22/1234/2020',
    'Str. Mărășești nr. 4, Iași, jud. Iași, România',
    'Abonament Premium, 1 lună',
    'TVA (21%)',
    'Total de plată',
    '49,00 lei',
  ])
    expect(text, s).toContain(s);

  const [xml] = await Promise.all([
    page.waitForEvent('download'),
    payment.getByRole('button', { name: /^XML e-Factura/ }).click(),
  ]);
  expect(xml.suggestedFilename()).toMatch(/^efactura-GRL-\d{6}\.xml$/);
  const xmlText = readFileSync(await xml.path(), 'utf8');
  expect(xmlText).toContain('urn:efactura.mfinante.ro:CIUS-RO:1.0.1');
  expect(xmlText).toContain('<cbc:RegistrationName>Științe Aplicate Țării SRL</cbc:RegistrationName>');
});

test('an admin finds a paid invoice on /admin/facturi and stornos it; the candidate sees the storno and loses premium', async ({ page, newContext }) => {
  test.slow();
  const { email } = await registerAccount(page, 'Radu Rambursare');
  await page.goto('/cont/premium');
  await page.getByRole('radio', { name: /^1 lună/ }).check();
  await payWithTestCard(page);
  await expect(page.getByText('Plata a fost efectuată. Bine ai venit în familia Premium!')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = async () => (await (await page.request.get('/api/v1/user', { headers: { authorization: `Bearer ${token}` } })).json()).user;
  expect((await me()).is_premium).toBe(true);

  const adminContext = await newContext();
  const admin = await adminContext.newPage();
  await login(admin, ADMIN);
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Facturi' }).first().click();
  await expect(admin).toHaveURL(/\/admin\/facturi$/);
  await admin.getByLabel('Caută după cod, cumpărător sau email').fill(email);
  await admin.getByRole('main').getByRole('button', { name: 'Caută', exact: true }).click();
  const book = admin.getByRole('list', { name: 'Facturi' });
  await expect(book.locator('li')).toHaveCount(1);
  const card = book.locator('li').first();
  await expect(card).toContainText('Radu Rambursare');
  await expect(card).toContainText(email);
  await expect(card).toContainText('49,00 lei');
  const code = (await card.locator('h2').textContent())!;
  expect(code).toMatch(/^GRL-\d{6}$/);
  await shoot(admin, process.env.INVOICE_SHOTS, 'admin-invoices');

  await card.getByRole('button', { name: `Stornează ${code}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Stornezi factura ${code}?` });
  await expect(dialog).toContainText('−49,00 lei');
  await shoot(admin, process.env.INVOICE_SHOTS, 'admin-invoices-confirm');
  await dialog.getByRole('button', { name: 'Stornează factura' }).click();
  await expect(admin.getByText('Factura a fost stornată.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(book.locator('li')).toHaveCount(2);
  const storno = book.locator('li').first();
  await expect(storno).toContainText('Stornare');
  await expect(storno).toContainText('−49,00 lei');
  await expect(storno).toContainText(`Stornează ${code}`);
  await expect(book.locator('li').nth(1)).toContainText(/Stornată prin GRL-\d{6}/);
  await expect(book.getByRole('button', { name: /^Stornează/ })).toHaveCount(0);
  await adminContext.close();

  // The paid period ended with the storno: no premium, and the history shows both documents.
  expect((await me()).is_premium).toBe(false);
  await page.goto('/setari/istoric-facturi');
  const payment = page.locator('.invoices__payment').first();
  await expect(payment).toContainText(`Factura ${code}`);
  await expect(payment).toContainText(/Factură de stornare GRL-\d{6}/);
  // And the candidate is told, where notifications are read.
  await page.goto('/notificari');
  await expect(page.getByText('Plata ta a fost rambursată')).toBeVisible();
  await expect(page.getByText(`Factura ${code} a fost stornată`)).toBeVisible();
});
