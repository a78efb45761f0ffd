import Dexie from 'dexie';

/** Thrown when IndexedDB refuses a write because the device's storage quota is full. */
export class StorageFullError extends Error {
  readonly code = 'FORM_STORAGE_FULL';
  constructor() {
    super('FORM_STORAGE_FULL');
  }
}

export function isQuotaError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const names = [err.name, (err as { inner?: Error }).inner?.name];
  return names.includes(Dexie.errnames.QuotaExceeded) || names.includes('QuotaExceededError');
}

/** Runs a local write; a full quota becomes StorageFullError so screens can explain it. */
export async function localWrite<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError();
    throw err;
  }
}
