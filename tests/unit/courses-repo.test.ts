import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/offline/db.ts';
import { saveManual } from '../../src/offline/download.ts';
import { loadChapter, loadCourse, localChapter } from '../../src/offline/courses-repo.ts';
import type { DownloadPayload } from '../../src/api/courses.ts';
import { stubFetch } from './shell-helpers.ts';

const manual = { id: 1, slug: 'bio', title: 'Biologie — XI', subject: 'biologie', description: 'D', sort: 1, updated_at: '2026-11-01T00:00:00.000Z' };
const chapter = (id: number, slug: string, sort: number, locked = false) => ({
  id, manual_id: 1, slug, title: `Titlu ${slug}`, summary: 'S', sort, premium: locked, grid_count: 0, updated_at: manual.updated_at, locked,
  blocks: locked ? [] : [{ type: 'p' as const, text: `Text ${slug}` }],
});
const payload: DownloadPayload = {
  manual,
  chapters: [chapter(12, 'doi', 2), chapter(11, 'unu', 1), chapter(13, 'trei', 3, true)],
  grids: [],
  premium: false,
  generated_at: '',
  bytes: 100,
};
const apiChapter = {
  manual: { id: 1, slug: 'bio', title: 'Biologie — XI', subject: 'biologie' },
  chapter: { ...chapter(11, 'unu', 1), blocks: [{ type: 'p', text: 'Din API' }], read: false },
  prev: null,
  next: { slug: 'doi', title: 'Titlu doi', premium: false },
};

beforeEach(async () => {
  await db.delete();
  await db.open();
});
afterEach(() => vi.unstubAllGlobals());

describe('courses-repo', () => {
  it('reads from the API when the manual is not downloaded', async () => {
    const { calls } = stubFetch({ 'GET /api/v1/courses/bio/unu': { json: apiChapter } });
    const data = await loadChapter('bio', 'unu');
    expect(data.source).toBe('api');
    expect(data.chapter.blocks[0]).toEqual({ type: 'p', text: 'Din API' });
    expect(calls).toHaveLength(1);
  });

  it('reads from Dexie when downloaded, without calling the API, with neighbours in order', async () => {
    await saveManual(payload);
    const { calls } = stubFetch({});
    const data = await loadChapter('bio', 'doi');
    expect(data.source).toBe('local');
    expect(data.chapter.blocks).toEqual([{ type: 'p', text: 'Text doi' }]);
    expect(data.prev?.slug).toBe('unu');
    expect(data.next?.slug).toBe('trei');
    expect(calls).toHaveLength(0);
    const course = await loadCourse('bio');
    expect(course.source).toBe('local');
    expect(course.chapters.map((c) => c.slug)).toEqual(['unu', 'doi', 'trei']);
    expect(course.chapters[2].locked).toBe(true);
  });

  it('marks a locked chapter from the mirror as locked with no blocks', async () => {
    await saveManual(payload);
    const data = await localChapter('bio', 'trei');
    expect(data?.chapter.locked).toBe(true);
    expect(data?.chapter.blocks).toEqual([]);
  });

  it('offline without a download: FORM_NETWORK_REQUIRED', async () => {
    stubFetch({ 'GET /api/v1/courses/bio/unu': { throws: true } });
    await expect(loadChapter('bio', 'unu')).rejects.toMatchObject({ code: 'FORM_NETWORK_REQUIRED' });
    stubFetch({ 'GET /api/v1/courses/bio': { throws: true } });
    await expect(loadCourse('bio')).rejects.toMatchObject({ code: 'FORM_NETWORK_REQUIRED' });
  });

  it('keeps server errors as they are (404 chapter)', async () => {
    stubFetch({ 'GET /api/v1/courses/bio/nu': { status: 404, json: { errors: { general: ['FORM_CHAPTER_NOT_FOUND'] } } } });
    await expect(loadChapter('bio', 'nu')).rejects.toMatchObject({ code: 'FORM_CHAPTER_NOT_FOUND' });
  });

  it('goes back to the API after the manual is removed from the device', async () => {
    await saveManual(payload);
    await db.manuals.clear();
    stubFetch({ 'GET /api/v1/courses/bio/unu': { json: apiChapter } });
    expect((await loadChapter('bio', 'unu')).source).toBe('api');
  });
});
