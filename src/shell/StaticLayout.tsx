// The public pages' layout (SPEC §2): public header and footer around the page. Its own chunk,
// loaded through layouts.tsx, so the signed-in app's first load does not carry them (issue 12 §2).
import { Outlet } from 'react-router';
import { PublicHeader } from './PublicHeader.tsx';
import { Footer } from './Footer.tsx';
import { SkipLink } from './layouts.tsx';

export default function StaticLayout() {
  return (
    <div className="layout layout--static">
      <SkipLink />
      <PublicHeader />
      <main id="main" className="static-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
