// Typed calls of the scans module (server/modules/scans); payloads in src/shared/scan-schema.ts.
import { api, requestBlob } from './client.ts';
import type { ConfirmScanBody, ScanGraded, ScanList, ScanPayload, ScanQueued } from '../shared/scan-schema.ts';

const sim = (id: string) => `/simulations/${encodeURIComponent(id)}`;

export const downloadSheet = (simulationId: string) => requestBlob(`${sim(simulationId)}/sheet.pdf`);
export const downloadBooklet = (simulationId: string) => requestBlob(`${sim(simulationId)}/booklet.pdf`);
export const fetchScans = (simulationId: string) => api.get<ScanList>(`${sim(simulationId)}/scans`);
export const fetchScan = (id: string) => api.get<{ scan: ScanPayload }>(`/scans/${encodeURIComponent(id)}`);
export const confirmScan = (id: string, body: ConfirmScanBody) =>
  api.post<ScanGraded>(`/scans/${encodeURIComponent(id)}/confirm`, body);

export function uploadScan(simulationId: string, files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('images', f, f.name);
  return api.upload<ScanQueued>(`${sim(simulationId)}/scans`, form);
}
