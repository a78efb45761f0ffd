// The public pages' layout (SPEC §2): public header and footer around the page. In the entry
// chunk: a chunk of its own cost every public page a request and about 0.5 KB gzip of chunk glue,
// more than the 1.4 KB the signed-in app now loads without drawing it (docs/MEASUREMENTS.md).
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
