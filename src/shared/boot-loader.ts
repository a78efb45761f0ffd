// The second inline script of a server-rendered page: it asks for the app's modules only once the
// page has painted. A module script and its modulepreloads are fetched at high priority as soon as
// the parser sees them; on a slow connection they take the bandwidth the HTML needs to show, and
// Lighthouse counts them before the first paint (issue 12 §1, LCP). The page is complete without
// them (server-rendered); they only make it interactive, a frame later. The list of modules stays
// in a JSON block (#boot-modules, entry first) so this text never changes and the CSP allows it by
// its hash (server/plugins/csp.ts). The 800 ms timer is for a tab opened in the background, where
// animation frames wait until it is shown.
export const BOOT_MODULES_ID = 'boot-modules';

export const BOOT_LOADER_SCRIPT =
  `(function(){var d=0;function go(){if(d++)return;try{` +
  `var l=JSON.parse(document.getElementById(${JSON.stringify(BOOT_MODULES_ID)}).textContent),h=document.head;` +
  `for(var i=1;i<l.length;i++){var p=document.createElement('link');p.rel='modulepreload';p.crossOrigin='';p.href=l[i];h.appendChild(p)}` +
  `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=l[0];h.appendChild(s)}catch(e){}}` +
  `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,800)})()`;
