// The Medinsider link rule (SPEC §2/§3, issue 23 §4) as a pure function: a link replaces the stored
// uuid; only the app opened at its start ('/' or the signed-in landing page) returns to it; deep
// links and reloads of other pages stay where they are; a finished simulation is forgotten.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetFinishedMedinsider,
  medinsiderStart,
  MEDINSIDER_PATH,
  rememberMedinsider,
  START_PATHS,
} from '../../src/state/medinsider.ts';
import { HOME_AFTER_LOGIN } from '../../src/router/guard.ts';
import { app } from '../../src/state/app.ts';

const OLD = '6d1f0c1e-5b7a-4a53-9a1e-0c9a7e2d4b11';
const NEW = '2f4e6a80-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const back = (uuid: string) => `${MEDINSIDER_PATH}?uuid=${uuid}`;

describe('medinsiderStart', () => {
  it('nothing stored: every load stays where it is', () => {
    for (const path of ['/', HOME_AFTER_LOGIN, '/teste', '/statistici']) expect(medinsiderStart(null, path, '')).toEqual({ uuid: null, redirect: null });
  });

  it('opened at its start (home, installed app, signed-in landing page): back to the stored simulation', () => {
    expect(START_PATHS).toContain('/');
    expect(START_PATHS).toContain(HOME_AFTER_LOGIN);
    expect(medinsiderStart(OLD, '/', '')).toEqual({ uuid: OLD, redirect: back(OLD) });
    expect(medinsiderStart(OLD, '/', '?source=pwa')).toEqual({ uuid: OLD, redirect: back(OLD) });
    expect(medinsiderStart(OLD, HOME_AFTER_LOGIN, '')).toEqual({ uuid: OLD, redirect: back(OLD) });
  });

  it('a deep link or the reload of any other page is never taken away', () => {
    for (const path of ['/teste', '/statistici', '/teste/abc/rezultate', '/grup/xyz', '/cont/premium/plata', '/faqs']) {
      expect(medinsiderStart(OLD, path, ''), path).toEqual({ uuid: OLD, redirect: null });
    }
  });

  it('a newer link replaces the stored uuid and stays on its own page', () => {
    expect(medinsiderStart(OLD, MEDINSIDER_PATH, `?uuid=${NEW}`)).toEqual({ uuid: NEW, redirect: null });
    expect(medinsiderStart(null, MEDINSIDER_PATH, `?uuid=${NEW}`)).toEqual({ uuid: NEW, redirect: null });
    expect(medinsiderStart(OLD, `${MEDINSIDER_PATH}/`, `?uuid=${NEW.toUpperCase()}`)).toEqual({ uuid: NEW, redirect: null });
    expect(medinsiderStart(OLD, MEDINSIDER_PATH, `?uuid=${OLD}`)).toEqual({ uuid: OLD, redirect: null });
  });

  it('a malformed link does not replace a stored uuid', () => {
    expect(medinsiderStart(OLD, MEDINSIDER_PATH, '?uuid=nu-e-uuid')).toEqual({ uuid: OLD, redirect: null });
    expect(medinsiderStart(OLD, MEDINSIDER_PATH, '')).toEqual({ uuid: OLD, redirect: null });
  });
});

describe('remembering and forgetting', () => {
  beforeEach(() => localStorage.clear());

  it('a finished simulation is forgotten only when it is the stored one', () => {
    rememberMedinsider(OLD);
    forgetFinishedMedinsider(NEW);
    expect(localStorage.getItem('simulation-medinsider-uuid')).toBe(OLD);
    expect(app.medinsiderUuid).toBe(OLD);
    forgetFinishedMedinsider(OLD.toUpperCase());
    expect(localStorage.getItem('simulation-medinsider-uuid')).toBeNull();
    expect(app.medinsiderUuid).toBeNull();
  });
});
