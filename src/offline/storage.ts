// Persistent storage for the offline mirror: ask the browser not to evict IndexedDB and the
// course-image cache under pressure, and report how much of the quota is used.
import { useEffect, useState } from 'react';

export type StorageEstimate = {
  usage: number;
  quota: number;
  /** 0..1 */
  ratio: number;
  usageText: string;
  quotaText: string;
  percentText: string;
  /** Used ≥ 90% of the quota: new downloads will probably fail (FORM_STORAGE_FULL). */
  nearlyFull: boolean;
  persisted: boolean | null;
};

export const STORAGE_NEARLY_FULL_RATIO = 0.9;

/** Asks the browser to keep this origin's data (no eviction under storage pressure); true when
 *  the data is persistent. Meant for the first chapter download. Never throws. A full quota on
 *  write is detected by isQuotaError / StorageFullError in ./errors.ts (FORM_STORAGE_FULL). */
export async function requestPersistence(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

const UNITS = [
  ['gigabyte', 1024 ** 3],
  ['megabyte', 1024 ** 2],
  ['kilobyte', 1024],
] as const;

/** Bytes as Romanian text: '12,5 MB', '1,2 GB', '0 kB'. */
export function formatBytes(bytes: number): string {
  const n = Math.max(0, bytes);
  for (const [unit, size] of UNITS) {
    if (n >= size || unit === 'kilobyte') {
      return new Intl.NumberFormat('ro-RO', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: n >= size * 100 ? 0 : 1 }).format(n / size);
    }
  }
  return `${n} B`;
}

export function describeEstimate(usage: number, quota: number, persisted: boolean | null = null): StorageEstimate {
  const ratio = quota > 0 ? Math.min(1, usage / quota) : 0;
  return {
    usage,
    quota,
    ratio,
    usageText: formatBytes(usage),
    quotaText: formatBytes(quota),
    percentText: new Intl.NumberFormat('ro-RO', { style: 'percent', maximumFractionDigits: 1 }).format(ratio),
    nearlyFull: quota > 0 && ratio >= STORAGE_NEARLY_FULL_RATIO,
    persisted,
  };
}

/** Usage and quota of this origin (IndexedDB + caches), or null when the browser does not say. */
export async function storageEstimate(): Promise<StorageEstimate | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return null;
  try {
    const { usage = 0, quota = 0 } = await storage.estimate();
    const persisted = storage.persisted ? await storage.persisted().catch(() => null) : null;
    return describeEstimate(usage, quota, persisted);
  } catch {
    return null;
  }
}

/** The estimate, re-read when `refreshKey` changes. undefined while loading. */
export function useStorageEstimate(refreshKey: unknown = 0): StorageEstimate | null | undefined {
  const [estimate, setEstimate] = useState<StorageEstimate | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void storageEstimate().then((e) => {
      if (alive) setEstimate(e);
    });
    return () => {
      alive = false;
    };
  }, [refreshKey]);
  return estimate;
}
