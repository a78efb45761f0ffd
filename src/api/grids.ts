// Grids API (server/modules/grids and reports): my grids, add/edit/delete, explanation photo,
// one grid, public preview (signed link or sample) and reporting a mistake.
import { api } from './client.ts';
import type { GridBody, GridPatchBody, GridOut } from '../shared/grid-schema.ts';

export type { GridOut };

export type MyGrid = GridOut & {
  created_at: string;
  chapter: { id: number; slug: string; title: string };
  manual: { slug: string; title: string };
};

export type GridSaved = { success: string; grid: GridOut };

export function myGrids(): Promise<{ grids: MyGrid[] }> {
  return api.get('grids/mine');
}

export function getGrid(id: number): Promise<{ grid: GridOut }> {
  return api.get(`grids/${id}`);
}

export function createGrid(body: GridBody): Promise<GridSaved> {
  return api.post('grids', body);
}

export function updateGrid(id: number, body: GridPatchBody): Promise<GridSaved> {
  return api.put(`grids/${id}`, body);
}

export function deleteGrid(id: number): Promise<{ success: string }> {
  return api.delete(`grids/${id}`);
}

export function uploadGridPhoto(id: number, file: File): Promise<unknown> {
  const body = new FormData();
  body.append('photo', file, file.name);
  return api.upload(`grids/${id}/photo`, body);
}

export function deleteGridPhoto(id: number): Promise<unknown> {
  return api.delete(`grids/${id}/photo`);
}

export type PreviewQuery = { grid: string; expires: string; signature: string };

export function previewGrid(q: PreviewQuery): Promise<{ grid: GridOut }> {
  return api.get('grids/preview', q);
}

export function previewSample(limit = 3): Promise<{ grids: GridOut[] }> {
  return api.get('grids/preview/sample', { limit });
}

export function reportGrid(id: number, reason: string): Promise<{ success: string; report_id: number }> {
  return api.post(`grids/${id}/report`, { reason });
}
