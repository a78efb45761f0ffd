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
//
// A visitor's page to read asks for nothing until the visitor does something (a touch, a key, a
// scroll, focus) or VISITOR_IDLE_START_MS after the page has loaded: a reader who only reads
// costs the phone's main thread no script at all while the page loads (issue 24 §1, TBT), and
// the service worker, the install notices and the discussion start a few seconds later. A click
// on an island's button before its code is here is held (HELD_CLICKS on window) and replayed by
// src/islands/triggers.ts, which sets ISLANDS_WIRED once it has taken over.
import { STORAGE } from './storage-keys.ts';
import { EARLY_INSTALL_PROMPT, HELD_CLICKS, ISLANDS_WIRED } from './island-handoff.ts';

export const BOOT_MODULES_ID = 'boot-modules';

/** The JSON of #boot-modules. */
export type BootModules = { app: string[]; islands?: string[] };

export const VISITOR_IDLE_START_MS = 3000;
const VISITOR_START_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'];

export const BOOT_LOADER_SCRIPT =
  `(function(){var d=0,w=window,doc=document,l,v=0;` +
  `try{var b=JSON.parse(doc.getElementById(${JSON.stringify(BOOT_MODULES_ID)}).textContent);l=b.app;` +
  `try{if(b.islands&&!localStorage.getItem(${JSON.stringify(STORAGE.token)})&&!localStorage.getItem(${JSON.stringify(STORAGE.simulationMedinsiderUuid)})){l=b.islands;v=1}}catch(e){}}catch(e){return}` +
  `function go(){if(d++)return;try{var h=doc.head;` +
  `for(var i=1;i<l.length;i++){var p=doc.createElement('link');p.rel='modulepreload';p.crossOrigin='';p.href=l[i];h.appendChild(p)}` +
  `var s=doc.createElement('script');s.type='module';s.crossOrigin='';s.src=l[0];h.appendChild(s)}catch(e){}}` +
  `if(!v){requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,800);return}` +
  `w.addEventListener('beforeinstallprompt',function(e){e.preventDefault();w[${JSON.stringify(EARLY_INSTALL_PROMPT)}]=e});` +
  `var E=${JSON.stringify(VISITOR_START_EVENTS)},H=w[${JSON.stringify(HELD_CLICKS)}]=[];` +
  `function first(){for(var i=0;i<E.length;i++)w.removeEventListener(E[i],first,true);go()}` +
  `for(var i=0;i<E.length;i++)w.addEventListener(E[i],first,{capture:true,passive:true});` +
  `w.addEventListener('click',function(e){if(w[${JSON.stringify(ISLANDS_WIRED)}])return;var t=e.target,x=t&&t.closest&&t.closest('[data-island] button');` +
  `if(!x)return;e.preventDefault();e.stopImmediatePropagation();if(H.indexOf(x)<0)H.push(x);go()},true);` +
  `function later(){setTimeout(go,${VISITOR_IDLE_START_MS})}` +
  `if(doc.readyState==='complete')later();else w.addEventListener('load',later)})()`;
