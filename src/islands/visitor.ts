// The browser entry of a page to read, for a visitor (issue 24 §1): the boot loader
// (src/shared/boot-loader.ts) takes it instead of the app's entry when the route is marked
// `islands` and no account is signed in on this device. The server's HTML stays as it is, never
// hydrated; no React, no router, no session at start. What has behaviour comes alive on its own
// (triggers.ts), and the installable app's part waits for the browser to be idle (pwa.ts).
// Following a link loads the next page from the server; a page that needs the app loads the app.
import { wireIslands } from './triggers.ts';
import { startVisitorPwa } from './pwa.ts';
import { catchInstallPrompt } from '../ssr/early-install.ts';

const root = document.documentElement;
root.dataset.boot = 'islands';
// Chromium fires beforeinstallprompt once, often before the idle start of the PWA part: kept here
// from the first moment (as the app's entry does), or a visitor's page never offered the install.
catchInstallPrompt();
// The server renders the theme switch for the light theme; the switch says which is on until it
// comes alive and says so itself (the icon follows <html data-theme> by CSS).
for (const el of document.querySelectorAll('.theme-switch')) el.setAttribute('aria-checked', String(root.dataset.theme === 'dark'));
wireIslands();
startVisitorPwa();
