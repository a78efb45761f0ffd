// The announcement (SPEC §3): while hasSeenAnnouncement is unset it counts as one extra notification.
import { app } from './app.ts';
import { getItem, setItem } from './storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';

export function loadAnnouncementFlag(): void {
  app.hasSeenAnnouncement = getItem(STORAGE.hasSeenAnnouncement) !== null;
}

export function markAnnouncementSeen(): void {
  setItem(STORAGE.hasSeenAnnouncement, '1');
  app.hasSeenAnnouncement = true;
}
