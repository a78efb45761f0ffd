// The route table of SPEC §2: name (prefix auth/, dash/ or static/), path, access and Romanian title.
// The app builds its router and its guard from it; the server uses it for page titles of public pages.

export type Access = 'auth' | 'public' | 'none';

export type RouteDef = {
  name: string;
  path: string;
  access: Access;
  title: string;
  /** Page module under src/pages/, without extension (the router lazy-loads it). */
  page: string;
  /** Dashboard layout options (SPEC §2). */
  noNavbar?: boolean;
  messagesLayout?: boolean;
};

const r = (name: string, path: string, access: Access, title: string, extra: Pick<RouteDef, 'page'> & Partial<RouteDef>): RouteDef => ({
  name,
  path,
  access,
  title,
  ...extra,
});

export const ROUTES: RouteDef[] = [
  // Authentication
  r('auth/almost-there', '/inca-un-pas', 'auth', 'Încă un pas', { page: 'auth/AlmostThere' }),
  r('auth/verify-email', '/verifica-email', 'auth', 'Verifică emailul', { page: 'auth/VerifyEmail' }),
  r('auth/forgot-password', '/recuperare-parola', 'public', 'Recuperare parolă', { page: 'auth/ForgotPassword' }),
  r('auth/reset-password', '/resetare-parola', 'public', 'Resetare parolă', { page: 'auth/ResetPassword' }),
  r('auth/login', '/conectare', 'public', 'Conectare', { page: 'auth/Login' }),
  r('auth/register', '/inregistrare', 'public', 'Înregistrare', { page: 'auth/Register' }),
  r('auth/confirm-email', '/confirma-email', 'none', 'Confirmare email', { page: 'auth/ConfirmEmail' }),
  // Where the partner (OpenID Connect) sends the browser back, for a sign-in or a connection.
  r('auth/partner-return', '/conectare/partener', 'none', 'Conectare prin partener', { page: 'auth/PartnerReturn' }),
  // Account and dashboard
  r('dash/account', '/cont', 'auth', 'Contul meu', { page: 'dash/Account' }),
  r('dash/help', '/cont/ajutor', 'auth', 'Ajutor', { page: 'dash/Help' }),
  r('dash/premium', '/cont/premium', 'auth', 'Premium', { page: 'dash/Premium' }),
  r('dash/courses', '/ai/cursuri', 'auth', 'Cursuri', { page: 'dash/Courses' }),
  r('dash/course', '/ai/cursuri/:manual', 'auth', 'Capitole', { page: 'dash/Course' }),
  r('dash/chapter', '/ai/cursuri/:manual/:chapter', 'auth', 'Capitol', { page: 'dash/Chapter' }),
  r('dash/community', '/ai/comunitate', 'auth', 'Comunitate', { page: 'dash/Community' }),
  r('dash/favorites', '/favorite', 'auth', 'Favorite', { page: 'dash/Favorites' }),
  r('dash/friends', '/prieteni', 'auth', 'Prieteni', { page: 'dash/Friends' }),
  r('dash/messages', '/mesaje', 'auth', 'Mesaje', { page: 'dash/Messages', messagesLayout: true }),
  r('dash/conversation', '/mesaje/:user', 'auth', 'Conversație', { page: 'dash/Messages', messagesLayout: true }),
  r('dash/notifications', '/notificari', 'auth', 'Notificări', { page: 'dash/Notifications' }),
  r('dash/statistics', '/statistici', 'auth', 'Statistici', { page: 'dash/Statistics' }),
  r('dash/settings', '/setari', 'auth', 'Setări', { page: 'settings/Settings' }),
  r('dash/settings-cards', '/setari/carduri', 'auth', 'Carduri', { page: 'settings/Cards' }),
  r('dash/settings-coupons', '/setari/cupoane', 'auth', 'Cupoane', { page: 'settings/Coupons' }),
  r('dash/settings-billing', '/setari/date-facturare', 'auth', 'Date de facturare', { page: 'settings/Billing' }),
  r('dash/settings-invoices', '/setari/istoric-facturi', 'auth', 'Istoric facturi', { page: 'settings/Invoices' }),
  r('dash/settings-preferences', '/setari/preferinte', 'auth', 'Preferințe', { page: 'settings/Preferences' }),
  r('dash/settings-referrals', '/setari/referrali', 'auth', 'Recomandări', { page: 'settings/Referrals' }),
  // Tests
  r('dash/tests', '/teste', 'auth', 'Teste', { page: 'tests/Hub' }),
  r('dash/tests-add-grid', '/teste/adauga-grila', 'auth', 'Adaugă o grilă', { page: 'tests/AddGrid' }),
  r('dash/tests-my-grids', '/teste/grilele-mele', 'auth', 'Grilele mele', { page: 'tests/MyGrids' }),
  r('dash/tests-history', '/teste/istoric', 'auth', 'Istoric teste', { page: 'tests/History' }),
  r('dash/tests-start', '/teste/start', 'auth', 'Începe un test', { page: 'tests/Start' }),
  r('dash/tests-review', '/teste/recapitulare', 'auth', 'Recapitulare', { page: 'tests/Review' }),
  r('dash/simulation-centers', '/teste/simulare/centre', 'auth', 'Simulare pe centre', { page: 'tests/SimulationCenters' }),
  r('dash/simulation-sources', '/teste/simulare/surse', 'auth', 'Simulare pe surse', { page: 'tests/SimulationSources' }),
  r('dash/simulation-sources-alias', '/ssmb', 'auth', 'Simulare pe surse', { page: 'tests/SimulationSources' }),
  r('dash/simulation-sheet', '/teste/simulare/foaie/:id', 'auth', 'Simulare pe hârtie', { page: 'tests/SimulationSheet' }),
  r('dash/simulation-medinsider', '/teste/simulare/medinsider', 'auth', 'Simulare Medinsider', { page: 'tests/SimulationMedinsider' }),
  r('dash/grid-preview', '/teste/grile/preview', 'public', 'Previzualizare grilă', { page: 'tests/GridPreview', noNavbar: true }),
  r('dash/test-results', '/teste/:id/rezultate', 'auth', 'Rezultate test', { page: 'tests/Results' }),
  r('dash/test-ranking', '/teste/:id/clasament', 'auth', 'Clasament test', { page: 'tests/Ranking' }),
  r('dash/test-solve', '/teste/:id', 'auth', 'Test', { page: 'tests/Solve', noNavbar: true }),
  // Group tests
  r('dash/group-history', '/grup/istoric', 'auth', 'Istoric teste de grup', { page: 'group/History' }),
  r('dash/group-start', '/grup/start', 'auth', 'Începe un test de grup', { page: 'group/Start' }),
  r('dash/group-lobby', '/grup/:hash', 'auth', 'Test de grup', { page: 'group/Lobby', noNavbar: true }),
  // Admin
  r('dash/admin', '/admin', 'auth', 'Administrare', { page: 'dash/admin/AdminHome' }),
  r('dash/admin-reports', '/admin/raportari', 'auth', 'Raportări', { page: 'dash/admin/Reports' }),
  r('dash/admin-quality', '/admin/calitate', 'auth', 'Calitatea grilelor', { page: 'dash/admin/Quality' }),
  r('dash/admin-content', '/admin/continut', 'auth', 'Conținut', { page: 'dash/admin/Content' }),
  r('dash/admin-community', '/admin/comunitate', 'auth', 'Moderare comunitate', { page: 'dash/admin/Community' }),
  r('dash/admin-simulations', '/admin/simulari', 'auth', 'Simulări', { page: 'dash/admin/Simulations' }),
  r('dash/admin-scoring', '/admin/punctare', 'auth', 'Profiluri de punctare', { page: 'dash/admin/ScoringProfiles' }),
  r('dash/admin-invoices', '/admin/facturi', 'auth', 'Facturi', { page: 'dash/admin/Invoices' }),
  r('dash/admin-coupons', '/admin/cupoane', 'auth', 'Cupoane', { page: 'dash/admin/Coupons' }),
  // Payments (issue 8): the sandbox provider's 3-D Secure challenge, standing in for the bank's page
  r('dash/payment-3ds', '/plata/3ds/:intent', 'auth', 'Confirmare 3-D Secure', { page: 'dash/ThreeDSecure', noNavbar: true }),
  // Public static pages
  r('static/home', '/', 'public', 'Acasă', { page: 'static/Home' }),
  r('static/about', '/despre-noi', 'public', 'Despre noi', { page: 'static/About' }),
  r('static/contact', '/contact', 'public', 'Contact', { page: 'static/Contact' }),
  r('static/courses', '/cursuri', 'public', 'Cursuri', { page: 'static/Courses' }),
  r('static/course', '/cursuri/:manual', 'public', 'Capitole', { page: 'static/Course' }),
  r('static/chapter', '/cursuri/:manual/:chapter', 'public', 'Capitol', { page: 'static/Chapter' }),
  r('static/community', '/comunitate', 'public', 'Comunitate', { page: 'static/Community' }),
  r('static/faqs', '/faqs', 'public', 'Întrebări frecvente', { page: 'static/Faqs' }),
  r('static/join', '/intra-in-familie', 'public', 'Intră în familie', { page: 'static/Join' }),
  r('static/privacy', '/legal/politica-de-confidentialitate', 'public', 'Politica de confidențialitate', { page: 'static/Privacy' }),
  r('static/terms', '/legal/termeni', 'public', 'Termeni și condiții', { page: 'static/Terms' }),
  r('static/story-coupon', '/story/coupon', 'public', 'Cupon aniversar', { page: 'static/StoryCoupon' }),
  r('static/test', '/test', 'public', 'Test', { page: 'static/TestPlaceholder' }),
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
