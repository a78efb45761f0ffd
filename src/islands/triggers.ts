// When each island of a visitor's page comes alive (issue 24 §1), without React: listeners and an
// IntersectionObserver, a few hundred bytes. The React side (roots.tsx) is imported at the first
// trigger. An 'interaction' island starts loading on pointerdown, touchstart, keydown or focus,
// before the click that follows; a click on one of its buttons made before it is alive is held
// and replayed once it is, so the first tap is never lost — also one made before this code was
// here, which the boot loader held (src/shared/boot-loader.ts).
import { HELD_CLICKS, ISLANDS_WIRED } from '../shared/island-handoff.ts';
import { ISLANDS, isIslandName, type IslandName } from './names.ts';

type LoaderGlobals = { [HELD_CLICKS]?: HTMLElement[]; [ISLANDS_WIRED]?: boolean };
const loader = window as unknown as LoaderGlobals;

const EARLY_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

type Start = (el: HTMLElement, name: IslandName) => Promise<void>;
const loadStart = (): Promise<Start> => import('./roots.tsx').then((m) => m.startIsland);

function onInteraction(el: HTMLElement, name: IslandName): void {
  let alive: Promise<void> | null = null;
  let done = false;
  const held: HTMLElement[] = [];
  const start = () => {
    if (alive) return alive;
    for (const type of EARLY_EVENTS) el.removeEventListener(type, start, true);
    alive = loadStart()
      .then((startIsland) => startIsland(el, name))
      .then(() => {
        done = true;
        el.removeEventListener('click', hold, true);
        for (const button of held.splice(0)) button.click();
      });
    return alive;
  };
  const hold = (e: Event) => {
    if (done) return;
    const button = (e.target as Element | null)?.closest('button');
    if (!button || !el.contains(button)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (!held.includes(button)) held.push(button);
    void start();
  };
  for (const type of EARLY_EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  el.addEventListener('click', hold, true);
  const early = (loader[HELD_CLICKS] ?? []).filter((button) => el.contains(button));
  if (early.length) {
    held.push(...early);
    void start();
  }
}

function onVisible(el: HTMLElement, name: IslandName): void {
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      void loadStart().then((startIsland) => startIsland(el, name));
    },
    { rootMargin: '600px' },
  );
  // The island itself has no box (display: contents), so it is never seen: its content or, when
  // empty, the element around it stands in.
  io.observe(el.firstElementChild ?? el.parentElement ?? el);
}

/** Wires every island of the document once. */
export function wireIslands(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = el.dataset.island;
    if (!isIslandName(name) || el.dataset.wired) continue;
    el.dataset.wired = '1';
    if (ISLANDS[name] === 'visible') onVisible(el, name);
    else onInteraction(el, name);
  }
  // From here on the islands hold their own clicks; the loader's holder lets them through.
  loader[ISLANDS_WIRED] = true;
  if (loader[HELD_CLICKS]) loader[HELD_CLICKS].length = 0;
}
