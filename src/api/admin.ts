// Admin API (server/modules/admin): report queue, editing grids, manuals and chapters, preview links.
import type { GridQuality } from '../shared/item-stats.ts';
import { api } from './client.ts';
import type { GridOut } from './grids.ts';
import type { GridPatchBody } from '../shared/grid-schema.ts';
import type { Block } from '../offline/db.ts';

export type AdminReport = {
  id: number;
  status: 'open' | 'resolved';
  reason: string;
  reply: string | null;
  created_at: string;
  resolved_at: string | null;
  user: { id: number; name: string | null; email: string | null } | null;
  grid: { id: number; statement: string };
};

export type AdminGrid = GridOut & { author_id: number | null; key: string | null };
export type AdminGridPatch = GridPatchBody & { premium?: boolean; published?: boolean };

export type ManualPatch = { title?: string; description?: string; subject?: 'biologie' | 'chimie' | 'fizica'; sort?: number; published?: boolean };
export type ChapterPatch = { title?: string; summary?: string; blocks?: Block[]; sort?: number; premium?: boolean };

export function listReports(status: 'open' | 'resolved' | 'all' = 'open'): Promise<{ reports: AdminReport[] }> {
  return api.get('admin/reports', { status });
}

export function resolveReport(id: number, reply?: string): Promise<{ success: string }> {
  return api.post(`admin/reports/${id}/resolve`, reply ? { reply } : {});
}

export function listAdminGrids(status: 'pending' | 'all' = 'pending'): Promise<{ grids: AdminGrid[] }> {
  return api.get('admin/grids', { status });
}

export function updateAnyGrid(id: number, body: AdminGridPatch): Promise<{ success: string; grid: GridOut }> {
  return api.put(`admin/grids/${id}`, body);
}

export function updateManual(id: number, body: ManualPatch): Promise<{ success: string }> {
  return api.put(`admin/manuals/${id}`, body);
}

export function updateChapter(id: number, body: ChapterPatch): Promise<{ success: string }> {
  return api.put(`admin/chapters/${id}`, body);
}

export function createPreviewLink(gridId: number, ttlMinutes: number): Promise<{ url: string; expires_at: string }> {
  return api.post('admin/preview-links', { grid_id: gridId, ttl_minutes: ttlMinutes });
}

/** The content-quality queue (issue 9 §4): grids that discriminate negatively, are almost never right, or are reported. */
export function contentQuality(): Promise<{ grids: GridQuality[] }> {
  return api.get('admin/content-quality');
}

export function refreshGridStats(): Promise<{ success: string; grids: number }> {
  return api.post('admin/grid-stats/refresh');
}
