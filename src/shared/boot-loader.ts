// The second inline script of a server-rendered page: it asks for the page's modules only once it
// has painted. A module script and its modulepreloads are fetched at high priority as soon as
// the parser sees them; on a slow connection they take the bandwidth the HTML needs to show, and
// Lighthouse counts them before the first paint (issue 12 §1, LCP). The page is complete without
// them (server-rendered); they only make it interactive, a frame later. The lists of modules stay
// in a JSON block (#boot-modules) so this text never changes and the CSP allows it by its hash
// (server/plugins/csp.ts): `app`, the app's entry first, then what it imports; on a page to read
// (RouteDef.islands) also `islands`, the visitor's entry (src/islands/visitor.ts, issue 24 §1),
// taken when no account is signed in on this device and no Medinsider simulation waits (both
// start the app). The 800 ms timer is for a tab opened in the background, where animation
// frames wait until it is shown.
import { STORAGE } from './storage-keys.ts';

export const BOOT_MODULES_ID = 'boot-modules';

/** The JSON of #boot-modules. */
export type BootModules = { app: string[]; islands?: string[] };

export const BOOT_LOADER_SCRIPT =
  `(function(){var d=0;function go(){if(d++)return;try{` +
  `var b=JSON.parse(document.getElementById(${JSON.stringify(BOOT_MODULES_ID)}).textContent),l=b.app,h=document.head;` +
  `try{if(b.islands&&!localStorage.getItem(${JSON.stringify(STORAGE.token)})&&!localStorage.getItem(${JSON.stringify(STORAGE.simulationMedinsiderUuid)}))l=b.islands}catch(e){}` +
  `for(var i=1;i<l.length;i++){var p=document.createElement('link');p.rel='modulepreload';p.crossOrigin='';p.href=l[i];h.appendChild(p)}` +
  `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=l[0];h.appendChild(s)}catch(e){}}` +
  `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,800)})()`;
