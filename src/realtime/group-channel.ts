// The group test's presence channel `presence-group.{hash}` (server: realtime/channel-rules.ts,
// members only): who is in the lobby now (the hub counts users, not tabs) and the group's events.
// Events carry ids only: the page re-reads the state (GET) on each, so a lost event costs nothing
// but a delay, and a reconnect re-reads too.
import { useEffect, useRef, useState } from 'react';
import { whenRealtime } from './echo.ts';
import { GROUP_EVENT, type GroupEvent } from '../shared/group-payloads.ts';

/** The server's user_info (channel-rules.ts): laravel-echo hands the callbacks that, not user_id. */
type Member = { id: number; name: string };

/** Subscribes while mounted; returns the ids of the users present. onEvent gets every group event. */
export function useGroupChannel(hash: string | undefined, onEvent: (e: GroupEvent) => void): Set<number> {
  const [present, setPresent] = useState<Set<number>>(new Set());
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!hash) return;
    let left: (() => void) | null = null;
    const cancel = whenRealtime((echo) => {
      const name = `group.${hash}`;
      echo
        .join(name)
        .here((ms: Member[]) => setPresent(new Set(ms.map((m) => Number(m.id)))))
        .joining((m: Member) => setPresent((s) => new Set(s).add(Number(m.id))))
        .leaving((m: Member) =>
          setPresent((s) => {
            const n = new Set(s);
            n.delete(Number(m.id));
            return n;
          }),
        )
        .listen(`.${GROUP_EVENT}`, (e: GroupEvent) => handler.current(e));
      left = () => echo.leave(name);
    });
    return () => {
      cancel();
      left?.();
    };
  }, [hash]);
  return present;
}
