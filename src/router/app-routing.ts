// One chunk for route-loader.ts: the sign-in and signed-in screens' routes with their guard.
export { APP_ROUTES } from '../shared/routes-app.ts';
export { guard, readGuardState } from './guard.ts';
