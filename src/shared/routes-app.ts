// The sign-in and signed-in screens' routes (SPEC §2), the half of the route table that public
// pages do not need for their first paint (src/shared/routes.ts, issue 12 §2). matchRoute knows
// them once registerAppRoutes(APP_ROUTES) ran; ROUTES is the whole table, for the tests.
import { r, STATIC_ROUTES, type RouteDef } from './routes.ts';

export const APP_ROUTES: RouteDef[] = [
  // Authentication
  r('auth/almost-there', '/inca-un-pas', 'auth', 'Încă un pas', { page: 'auth/AlmostThere' }),
  r('auth/verify-email', '/verifica-email', 'auth', 'Verifică emailul', { page: 'auth/VerifyEmail' }),
  r('auth/forgot-password', '/recuperare-parola', 'public', 'Recuperare parolă', { page: 'auth/ForgotPassword' }),
  r('auth/reset-password', '/resetare-parola', 'public', 'Resetare parolă', { page: 'auth/ResetPassword' }),
  r('auth/login', '/conectare', 'public', 'Conectare', { page: 'auth/Login' }),
  r('auth/register', '/inregistrare', 'public', 'Înregistrare', { page: 'auth/Register' }),
  r('auth/confirm-email', '/confirma-email', 'none', 'Confirmare email', { page: 'auth/ConfirmEmail' }),
  // The plan reminder mail's unsubscribe link (REMINDER_OFF_PAGE), signed in or not.
  r('auth/reminder-off', '/memento/oprire', 'none', 'Oprirea mementoului', { page: 'auth/ReminderOff' }),
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
  r('dash/search', '/cautare', 'auth', 'Căutare', { page: 'dash/Search' }),
  r('dash/search-grid', '/cautare/grila/:id', 'auth', 'Grilă găsită', { page: 'dash/SearchGrid' }),
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
  r('dash/admin-exam-dates', '/admin/date-examen', 'auth', 'Datele examenelor', { page: 'dash/admin/ExamDates' }),
  // Payments (issue 8): the sandbox provider's 3-D Secure challenge, standing in for the bank's page
  r('dash/payment-3ds', '/plata/3ds/:intent', 'auth', 'Confirmare 3-D Secure', { page: 'dash/ThreeDSecure', noNavbar: true }),
];

export const ROUTES: RouteDef[] = [...APP_ROUTES, ...STATIC_ROUTES];
