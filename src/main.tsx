import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles/index.css';
import { createAppRouter } from './router/router.tsx';
import { setNavigate } from './shell/navigation.ts';
import { startApp } from './state/boot.ts';
import { autoDownloadProfileManual } from './offline/download.ts';
import { startSync } from './offline/sync.ts';

startApp();
// The manual of the user's profile is mirrored for offline use once, as soon as someone is signed in.
void autoDownloadProfileManual();
// Unsent answers and tests go out at start, on reconnect and on the service worker's sync.
startSync();
const router = createAppRouter();
setNavigate((to, opts) => void router.navigate(to, opts));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
