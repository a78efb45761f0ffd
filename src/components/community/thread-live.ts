// A discussion's live channel (issue 7 §5): while a thread is on screen its private channel
// `private-comments.{type}.{id}` is subscribed (the server authorises exactly the users who may
// read it), and each change announced there — ids only — makes the thread read itself again. Changes
// close together are read once: a short wait, spread a little so that many viewers of one popular
// thread do not all ask in the same instant.
import { useEffect, useRef } from 'react';
import { getEcho } from '../../realtime/echo.ts';
import { COMMENTS_EVENT, commentsChannel } from '../../shared/community-payloads.ts';
import type { CommentTarget } from '../../api/community.ts';

const SETTLE_MS = 150;
const SPREAD_MS = 350;

export function useThreadLive(target: CommentTarget | null, reload: () => Promise<void>): void {
  const latest = useRef(reload);
  latest.current = reload;
  const type = target?.type;
  const id = target?.id;
  useEffect(() => {
    if (!type || id === undefined) return;
    // The realtime client starts when the browser is idle (src/shell/pwa-slot.tsx): a thread shown
    // before that waits for it.
    let echo = getEcho();
    let waiting: ReturnType<typeof setInterval> | null = null;
    // Echo adds the `private-` prefix itself.
    const name = commentsChannel(type, id).slice('private-'.length);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let running = false;
    let again = false;
    const run = async () => {
      timer = null;
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        await latest.current();
      } catch {
        /* offline or refused now: the next change or visit reads it */
      } finally {
        running = false;
        if (again) {
          again = false;
          void run();
        }
      }
    };
    const join = () =>
      echo!.private(name).listen(`.${COMMENTS_EVENT}`, () => {
        timer ??= setTimeout(() => void run(), SETTLE_MS + Math.random() * SPREAD_MS);
      });
    if (echo) join();
    else
      waiting = setInterval(() => {
        echo = getEcho();
        if (!echo) return;
        clearInterval(waiting!);
        waiting = null;
        join();
      }, 500);
    return () => {
      if (waiting) clearInterval(waiting);
      if (timer) clearTimeout(timer);
      echo?.leave(name);
    };
  }, [type, id]);
}
