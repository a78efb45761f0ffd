// Typed calls of the simulations module (server/modules/simulations); payloads in
// src/shared/simulation-schema.ts.
import { api } from './client.ts';
import type {
  SimulationDetail,
  SimulationList,
  SimulationResult,
  SimulationStarted,
  SimulationKind,
  AdmissionEstimate,
  CreateSimulationBody,
  SimulationCreated,
  SimulationPublished,
} from '../shared/simulation-schema.ts';
import type { ReadinessList } from '../shared/readiness/index.ts';

export type { SimulationSummary, SimulationResult, BreakdownRow, AdmissionEstimate, HardGrid } from '../shared/simulation-schema.ts';

export const fetchSimulations = (q: { kind?: SimulationKind; center?: string; variant?: string; source?: string }) =>
  api.get<SimulationList>('/simulations', Object.fromEntries(Object.entries(q).filter(([, v]) => v)) as Record<string, string>);
export const fetchSimulation = (id: string) => api.get<SimulationDetail>(`/simulations/${encodeURIComponent(id)}`);
export const startSimulation = (id: string) => api.post<SimulationStarted>(`/simulations/${encodeURIComponent(id)}/start`);
export const fetchSimulationResult = (testId: string) =>
  api.get<SimulationResult>(`/tests/${encodeURIComponent(testId)}/simulation`);
export const fetchAdmissionEstimate = (center: string) =>
  api.get<AdmissionEstimate>('/simulations/estimate', { center });
export const fetchAdminSimulations = () => api.get<SimulationList>('/admin/simulations');
export const createSimulation = (body: CreateSimulationBody) => api.post<SimulationCreated>('/admin/simulations', body);
export const publishSimulation = (id: string) =>
  api.post<SimulationPublished>(`/admin/simulations/${encodeURIComponent(id)}/publish`);
export const fetchReadiness = (center?: string) =>
  api.get<ReadinessList>('/simulations/estimate/history', center ? { center } : undefined);
