// The discussion loaded only when asked for: screens that list many grids (test results) or that
// count their bytes (the chapter reader) do not carry the community code until it is opened.
import { lazy, Suspense, useState } from 'react';
import type { CommentTarget } from '../../api/community.ts';

const CommentThread = lazy(() => import('./CommentThread.tsx').then((m) => ({ default: m.CommentThread })));

export function LazyCommentThread(props: { target: CommentTarget; title?: string; headingLevel?: 2 | 3; collapsed?: boolean; openLabel?: string }) {
  const [open, setOpen] = useState(!props.collapsed);
  if (!open)
    return (
      <button type="button" className="btn btn--ghost btn--small comment-thread__open" onClick={() => setOpen(true)} aria-expanded={false}>
        {props.openLabel ?? 'Vezi discuția'}
      </button>
    );
  return (
    <Suspense fallback={<p className="muted">Se încarcă discuția…</p>}>
      <CommentThread target={props.target} title={props.title} headingLevel={props.headingLevel} />
    </Suspense>
  );
}
