// Our links (src/router/Link.tsx), which stand in for React Router's: a real href, in-app
// navigation on a plain left click, the browser's own behaviour otherwise, a link to the current
// location replacing the history entry, and NavLink's `active` class with aria-current.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Link, NavLink } from '../../src/router/Link.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function Where() {
  const l = useLocation();
  return <output>{l.pathname + l.search}</output>;
}

function Page() {
  return (
    <>
      <Where />
      <Link to="/cursuri?x=1" className="to-courses">
        Cursuri
      </Link>
      <Link to="/despre-noi" className="here">
        Aici
      </Link>
      <Link to="/contact" target="_blank" className="blank">
        Contact
      </Link>
      <NavLink to="/cursuri" className="nav">
        Cursuri
      </NavLink>
      <NavLink to="/" className="home" end>
        Acasă
      </NavLink>
    </>
  );
}

async function render(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], {
    initialEntries: ['/', path],
    initialIndex: 1,
  });
  await act(async () => root.render(<RouterProvider router={router} />));
  return router;
}
const el = (sel: string) => host.querySelector<HTMLAnchorElement>(sel)!;
const click = (a: HTMLAnchorElement, init: MouseEventInit = {}) => {
  const ev = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  act(() => {
    a.dispatchEvent(ev);
  });
  return ev;
};

describe('Link', () => {
  it('has a real href and navigates in the app on a plain left click', async () => {
    const router = await render('/despre-noi');
    expect(el('.to-courses').getAttribute('href')).toBe('/cursuri?x=1');
    const ev = click(el('.to-courses'));
    expect(ev.defaultPrevented).toBe(true);
    expect(host.querySelector('output')!.textContent).toBe('/cursuri?x=1');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('leaves modified clicks and other targets to the browser', async () => {
    await render('/despre-noi');
    for (const mod of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }]) {
      expect(click(el('.to-courses'), mod).defaultPrevented).toBe(false);
    }
    expect(click(el('.blank')).defaultPrevented).toBe(false);
    expect(host.querySelector('output')!.textContent).toBe('/despre-noi');
  });

  it('a link to the current location replaces the history entry', async () => {
    const router = await render('/despre-noi');
    click(el('.here'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('NavLink', () => {
  it('marks the current section active with aria-current, and `end` only the exact path', async () => {
    await render('/cursuri/biologie');
    expect(el('.nav').className).toBe('nav active');
    expect(el('.nav').getAttribute('aria-current')).toBe('page');
    expect(el('.home').className).toBe('home');
    expect(el('.home').getAttribute('aria-current')).toBeNull();
  });

  it('`end` marks the home link on the home page only', async () => {
    await render('/');
    expect(el('.home').className).toBe('home active');
    expect(el('.nav').getAttribute('aria-current')).toBeNull();
  });
});
