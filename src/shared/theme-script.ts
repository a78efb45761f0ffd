// The one inline script of a server-rendered page: puts the saved (or system) theme on <html>
// before the first paint, so a dark-theme reader never sees a light page flash; and marks a saved
// cookie choice, so the server-rendered cookie banner never shows to who has chosen (CSS below). The CSP allows
// exactly this text by its hash (server/plugins/csp.ts); src/state/theme.ts owns the theme later.
import { STORAGE } from './storage-keys.ts';

export const THEME_SCRIPT =
  `(function(){try{var t=localStorage.getItem(${JSON.stringify(STORAGE.theme)});` +
  `if(t!=='dark'&&t!=='light')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';` +
  `var r=document.documentElement;r.dataset.theme=t;r.style.colorScheme=t;` +
  `if(localStorage.getItem(${JSON.stringify(STORAGE.cookiePreferences)}))r.dataset.cookies='chosen'}catch(e){}})()`;
