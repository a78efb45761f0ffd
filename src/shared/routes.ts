// The route table of SPEC §2: name (prefix auth/, dash/ or static/), path, access and Romanian title.
// The app builds its router and its guard from it; the server uses it for page titles of public pages.

export type Access = 'auth' | 'public' | 'none';

export type RouteDef = {
  name: string;
  path: string;
  access: Access;
  title: string;
  /** Dashboard layout options (SPEC §2). */
  noNavbar?: boolean;
  messagesLayout?: boolean;
};

const r = (name: string, path: string, access: Access, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  name,
  path,
  access,
  title,
  ...extra,
});

export const ROUTES: RouteDef[] = [
  // Authentication
  r('auth/almost-there', '/inca-un-pas', 'auth', 'Încă un pas'),
  r('auth/verify-email', '/verifica-email', 'auth', 'Verifică emailul'),
  r('auth/forgot-password', '/recuperare-parola', 'public', 'Recuperare parolă'),
  r('auth/reset-password', '/resetare-parola', 'public', 'Resetare parolă'),
  r('auth/login', '/conectare', 'public', 'Conectare'),
  r('auth/register', '/inregistrare', 'public', 'Înregistrare'),
  r('auth/confirm-email', '/confirma-email', 'none', 'Confirmare email'),
  // Account and dashboard
  r('dash/account', '/cont', 'auth', 'Contul meu'),
  r('dash/help', '/cont/ajutor', 'auth', 'Ajutor'),
  r('dash/premium', '/cont/premium', 'auth', 'Premium'),
  r('dash/courses', '/ai/cursuri', 'auth', 'Cursuri'),
  r('dash/course', '/ai/cursuri/:manual', 'auth', 'Capitole'),
  r('dash/chapter', '/ai/cursuri/:manual/:chapter', 'auth', 'Capitol'),
  r('dash/community', '/ai/comunitate', 'auth', 'Comunitate'),
  r('dash/favorites', '/favorite', 'auth', 'Favorite'),
  r('dash/friends', '/prieteni', 'auth', 'Prieteni'),
  r('dash/messages', '/mesaje', 'auth', 'Mesaje', { messagesLayout: true }),
  r('dash/conversation', '/mesaje/:user', 'auth', 'Conversație', { messagesLayout: true }),
  r('dash/notifications', '/notificari', 'auth', 'Notificări'),
  r('dash/statistics', '/statistici', 'auth', 'Statistici'),
  r('dash/settings', '/setari', 'auth', 'Setări'),
  r('dash/settings-cards', '/setari/carduri', 'auth', 'Carduri'),
  r('dash/settings-coupons', '/setari/cupoane', 'auth', 'Cupoane'),
  r('dash/settings-billing', '/setari/date-facturare', 'auth', 'Date de facturare'),
  r('dash/settings-invoices', '/setari/istoric-facturi', 'auth', 'Istoric facturi'),
  r('dash/settings-preferences', '/setari/preferinte', 'auth', 'Preferințe'),
  r('dash/settings-referrals', '/setari/referrali', 'auth', 'Referrali'),
  // Tests
  r('dash/tests', '/teste', 'auth', 'Teste'),
  r('dash/tests-add-grid', '/teste/adauga-grila', 'auth', 'Adaugă o grilă'),
  r('dash/tests-my-grids', '/teste/grilele-mele', 'auth', 'Grilele mele'),
  r('dash/tests-history', '/teste/istoric', 'auth', 'Istoric teste'),
  r('dash/tests-start', '/teste/start', 'auth', 'Începe un test'),
  r('dash/tests-review', '/teste/recapitulare', 'auth', 'Recapitulare'),
  r('dash/simulation-centers', '/teste/simulare/centre', 'auth', 'Simulare pe centre'),
  r('dash/simulation-sources', '/teste/simulare/surse', 'auth', 'Simulare pe surse'),
  r('dash/simulation-sources-alias', '/ssmb', 'auth', 'Simulare pe surse'),
  r('dash/simulation-medinsider', '/teste/simulare/medinsider', 'auth', 'Simulare Medinsider'),
  r('static/grid-preview', '/teste/grile/preview', 'public', 'Previzualizare grilă', { noNavbar: true }),
  r('dash/test-results', '/teste/:id/rezultate', 'auth', 'Rezultate test'),
  r('dash/test-ranking', '/teste/:id/clasament', 'auth', 'Clasament test'),
  r('dash/test-solve', '/teste/:id', 'auth', 'Test', { noNavbar: true }),
  // Group tests
  r('dash/group-history', '/grup/istoric', 'auth', 'Istoric teste de grup'),
  r('dash/group-start', '/grup/start', 'auth', 'Începe un test de grup'),
  r('dash/group-lobby', '/grup/:hash', 'auth', 'Test de grup', { noNavbar: true }),
  // Admin
  r('dash/admin', '/admin', 'auth', 'Administrare'),
  r('dash/admin-reports', '/admin/raportari', 'auth', 'Raportări'),
  r('dash/admin-content', '/admin/continut', 'auth', 'Conținut'),
  // Public static pages
  r('static/home', '/', 'public', 'Acasă'),
  r('static/about', '/despre-noi', 'public', 'Despre noi'),
  r('static/contact', '/contact', 'public', 'Contact'),
  r('static/courses', '/cursuri', 'public', 'Cursuri'),
  r('static/course', '/cursuri/:manual', 'public', 'Capitole'),
  r('static/chapter', '/cursuri/:manual/:chapter', 'public', 'Capitol'),
  r('static/community', '/comunitate', 'public', 'Comunitate'),
  r('static/faqs', '/faqs', 'public', 'Întrebări frecvente'),
  r('static/join', '/intra-in-familie', 'public', 'Intră în familie'),
  r('static/privacy', '/legal/politica-de-confidentialitate', 'public', 'Politica de confidențialitate'),
  r('static/terms', '/legal/termeni', 'public', 'Termeni și condiții'),
  r('static/story-coupon', '/story/coupon', 'public', 'Cupon aniversar'),
  r('static/test', '/test', 'public', 'Test'),
];

export const NOT_FOUND_TITLE = 'Pagina nu a fost găsită';
export const TITLE_SEPARATOR = ' | ';

/** Page title: route title, separator, product name; the solve screen appends the test id. */
export function pageTitle(route: Pick<RouteDef, 'title' | 'name'> | undefined, product: string, id?: string): string {
  const base = route ? route.title : NOT_FOUND_TITLE;
  const withId = route?.name === 'dash/test-solve' && id ? `${base} #${id}` : base;
  return `${withId}${TITLE_SEPARATOR}${product}`;
}

/** Body marker by route prefix (SPEC §2): auth, dash, static, or 'static courses' for public courses. */
export function bodyMarker(name: string | undefined): string {
  if (!name) return 'static';
  if (name === 'static/courses' || name === 'static/course' || name === 'static/chapter') return 'static courses';
  return name.split('/')[0] ?? 'static';
}

function compile(path: string): RegExp {
  const pattern = path.replace(/:[a-zA-Z]+/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`);
}
const compiled = ROUTES.map((route) => ({ route, re: compile(route.path) }));

/** The route a pathname matches, first match wins (the order above puts literals before params). */
export function matchRoute(pathname: string): RouteDef | undefined {
  return compiled.find((c) => c.re.test(pathname))?.route;
}
