// The readiness history on the device (issue 31 §3): the last GET /simulations/estimate/history is
// kept in Dexie's meta table per account, so /statistici draws the chart offline from that copy.
import { db } from './db.ts';
import type { ReadinessList } from '../shared/readiness/index.ts';

const key = (owner: number) => `readiness:${owner}`;

export async function storeReadiness(owner: number, res: ReadinessList): Promise<void> {
  await db.meta.put({ key: key(owner), value: res });
}

export async function storedReadiness(owner: number): Promise<ReadinessList | null> {
  const row = await db.meta.get(key(owner));
  return (row?.value as ReadinessList | undefined) ?? null;
}
