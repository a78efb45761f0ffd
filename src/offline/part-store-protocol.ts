// Messages between the download (part-store-client.ts) and the part-store worker.
import type { DownloadPart } from '../shared/download-payloads.ts';
import type { DownloadState } from './download-state.ts';

export type PartStoreRequest = { id: number; manualId: number; body: ArrayBuffer; part: Pick<DownloadPart, 'key' | 'bytes'> };
// workMs: the worker's own time on the part (the phone bench scales it: DevTools' CPU throttling slows pages, not workers).
export type PartStoreReply = { id: number; ok: true; state: DownloadState; workMs: number } | { id: number; ok: false; quota: boolean; error: string };
