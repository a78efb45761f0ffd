// What the user is told about unsent work (issue 11 §1): how many answers wait and since when,
// whether a retry runs or is due, entries that wait for another account, tests the server refused,
// and whether this device's data is gone. Pure `describeOutbox` (unit-tested) plus a live hook.
import { useEffect, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxItem, type LocalAnswer } from './db.ts';
import { currentOwner, ownedBy } from './owner.ts';
import { plural } from '../shared/ro-count.ts';

/** Runtime state of the sync loop (not stored). */
export const syncStatus = proxy({
  syncing: false,
  lastAttemptAt: null as number | null,
  lastFailed: false,
  nextRetryAt: null as number | null,
});

export type OutboxStatus = {
  /** Tests of the signed-in account waiting to be sent. */
  tests: number;
  /** Answers given since the last successful send of those tests. */
  answers: number;
  /** Oldest unsent change (ISO), null when nothing waits. */
  since: string | null;
  /** Entries of other accounts on this device (they wait for their owner). */
  otherAccounts: number;
  /** Codes of tests the server refused for good. */
  rejected: string[];
  /** The last attempt failed (network, server error, maintenance). */
  failing: boolean;
};

/** Summarises the outbox for one account, optionally for one test only. */
export function describeOutbox(
  items: readonly OutboxItem[],
  answers: readonly Pick<LocalAnswer, 'test_id' | 'answered_at'>[],
  owner: number | null,
  testId?: string,
): OutboxStatus {
  const scoped = testId ? items.filter((i) => i.test_id === testId) : items;
  const mine = scoped.filter((i) => ownedBy(i, owner));
  const waiting = mine.filter((i) => !i.rejected);
  const since = waiting.reduce<string | null>((min, i) => (min === null || i.created_at < min ? i.created_at : min), null);
  const created = new Map(waiting.map((i) => [i.test_id, i.created_at]));
  const count = answers.filter((a) => {
    const at = created.get(a.test_id);
    return at !== undefined && a.answered_at >= at;
  }).length;
  return {
    tests: waiting.length,
    answers: count,
    since,
    otherAccounts: scoped.filter((i) => !ownedBy(i, owner)).length,
    rejected: mine.filter((i) => i.rejected).map((i) => i.rejected!),
    failing: waiting.some((i) => i.attempts > 0),
  };
}

/** Live outbox status for the signed-in account (optionally one test). */
export function useOutboxStatus(testId?: string): OutboxStatus | undefined {
  return useLiveQuery(async () => {
    // One test's status (the solve screen's, read again after every answer) reads that test's
    // rows only: less work between two taps on a slow phone (issue 24 §2). Same result, since
    // describeOutbox keeps that test's entries alone.
    const items = testId ? await db.outbox.where('test_id').equals(testId).toArray() : await db.outbox.toArray();
    const ids = [...new Set(items.map((i) => i.test_id))];
    // One test: an equals() range is one request; anyOf() walks a cursor, a round trip per row.
    const answers = ids.length === 1 ? await db.answers.where('test_id').equals(ids[0]!).toArray() : ids.length ? await db.answers.where('test_id').anyOf(ids).toArray() : [];
    return describeOutbox(items, answers, currentOwner(), testId);
  }, [testId]);
}

export function useSyncStatus() {
  return useSnapshot(syncStatus);
}

/** "14:05" in the device's time zone. */
export function clockOf(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** "1 răspuns" / "2 răspunsuri" / "20 de răspunsuri". */
export function answersText(n: number): string {
  return plural(n, 'răspuns', 'răspunsuri');
}

/** The plain sentence of what waits, e.g. "3 răspunsuri așteaptă trimiterea din 14:05." (null when nothing waits). */
export function waitingText(s: OutboxStatus): string | null {
  if (!s.tests || !s.since) return null;
  const what = s.answers > 0 ? `${answersText(s.answers)} așteaptă` : 'Modificările testului așteaptă';
  const lead = what.charAt(0).toUpperCase() + what.slice(1);
  return `${lead} trimiterea din ${clockOf(s.since)}.`;
}

/** How long an answer may be on its way before the screen calls it waiting: online, a send takes
 *  well under a second, and a banner shown for that moment moved the options under the finger
 *  (issue 32 §5). */
export const WAITING_GRACE_MS = 5_000;

/** Whether what waits is worth saying: offline, after a failed send, or once the oldest unsent
 *  change is older than the grace. Pure, so the rule is tested apart from the clock. */
export function isReallyWaiting(s: OutboxStatus, online: boolean, now: number): boolean {
  if (!s.tests || !s.since) return false;
  return !online || s.failing || now - Date.parse(s.since) >= WAITING_GRACE_MS;
}

/** `isReallyWaiting` live: re-checked when the grace of the oldest unsent change runs out. */
export function useReallyWaiting(s: OutboxStatus | undefined, online: boolean): boolean {
  const [now, setNow] = useState(() => Date.now());
  const since = s?.since ? Date.parse(s.since) : null;
  useEffect(() => {
    if (since === null) return;
    const left = since + WAITING_GRACE_MS - Date.now();
    if (left <= 0) {
      setNow(Date.now());
      return;
    }
    const t = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(t);
  }, [since]);
  return s ? isReallyWaiting(s, online, Math.max(now, Date.now())) : false;
}
