import { describe, expect, it } from 'vitest';
import { loginUrl, redirectsOn401 } from '../../src/router/unauthorized.ts';

describe('401 redirect rules (SPEC §4)', () => {
  it.each([
    '/inca-un-pas',
    '/favorite',
    '/notificari',
    '/statistici',
    '/cont',
    '/cont/premium',
    '/cont/ajutor',
    '/setari',
    '/setari/carduri',
    '/teste',
    '/teste/12',
    '/teste/12/rezultate',
    '/teste/simulare/medinsider',
  ])('%s sends to login', (path) => {
    expect(redirectsOn401(path)).toBe(true);
  });

  it.each(['/', '/contact', '/teste/grile/preview', '/conectare', '/cursuri', '/ai/cursuri', '/prieteni', '/mesaje', '/faqs', '/grup/istoric'])(
    '%s stays',
    (path) => {
      expect(redirectsOn401(path)).toBe(false);
    },
  );

  it('login URL carries path and query', () => {
    expect(loginUrl('/statistici', '?tab=1')).toBe('/conectare?redirect=%2Fstatistici%3Ftab%3D1');
    expect(loginUrl('/favorite')).toBe('/conectare?redirect=%2Ffavorite');
  });
});
