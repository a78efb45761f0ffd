// The one inline script of a server-rendered page: puts the saved (or system) theme on <html>
// before the first paint, so a dark-theme reader never sees a light page flash; and marks a saved
// cookie choice, so the server-rendered cookie banner never shows to who has chosen (CSS below). The CSP allows
// exactly this text by its hash (server/plugins/csp.ts); src/state/theme.ts owns the theme later.
import { STORAGE } from './storage-keys.ts';

// No saved theme, or 'system', follows the device's setting, also live on a page left unhydrated
// (a visitor reading a chapter when the phone turns dark at sunset; issue 32 §4).
export const THEME_SCRIPT =
  `(function(){try{var k=${JSON.stringify(STORAGE.theme)},q=matchMedia('(prefers-color-scheme: dark)'),r=document.documentElement;` +
  `var s=function(){var t=localStorage.getItem(k);if(t!=='dark'&&t!=='light')t=q.matches?'dark':'light';r.dataset.theme=t;r.style.colorScheme=t};` +
  `s();q.addEventListener('change',function(){var t=localStorage.getItem(k);if(t!=='dark'&&t!=='light')s()});` +
  `if(localStorage.getItem(${JSON.stringify(STORAGE.cookiePreferences)}))r.dataset.cookies='chosen'}catch(e){}})()`;
