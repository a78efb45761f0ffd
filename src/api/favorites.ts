// Favourite grids (server/modules/favorites).
import { api } from './client.ts';
import type { GridOut } from './grids.ts';

export type FavoriteItem = {
  grid_id: number;
  created_at: string;
  chapter: { id: number; slug: string; title: string; manual_slug: string };
  grid: GridOut;
};

export function listFavorites(): Promise<{ favorites: FavoriteItem[] }> {
  return api.get('favorites');
}

export function addFavorite(gridId: number): Promise<{ success: string; grid_id: number }> {
  return api.post('favorites', { grid_id: gridId });
}

export function removeFavorite(gridId: number): Promise<{ success: string; grid_id: number }> {
  return api.delete(`favorites/${gridId}`);
}
