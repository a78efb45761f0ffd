// Every page module by path, for pages.tsx. Its own chunk: the first screen of a server-rendered
// page imports its module by the URL the server gave, so this map (and its list of chunk files) is
// not part of a public page's first load; client navigations load it once.
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

// The route areas only (src/pages/courses holds modules the pages share, not pages).
export const modules = import.meta.glob<PageModule>('../pages/{auth,dash,group,settings,static,tests}/**/*.tsx');
