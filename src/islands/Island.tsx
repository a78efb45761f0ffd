// The mark of an island (issue 24 §1): a part of a server-rendered page that has behaviour. For a
// visitor on a page to read (RouteDef.islands) the browser brings only these parts to life, each
// as a React root of its own (src/islands/visitor.ts); everything around them stays the server's
// HTML and is never hydrated. In the full app the wrapper is just rendered, so the markup is the
// same either way. `display: contents` keeps it out of the layout.
import type { ReactNode } from 'react';
import type { IslandName } from './names.ts';

export function Island({ name, props, children }: { name: IslandName; props?: Record<string, unknown>; children?: ReactNode }) {
  return (
    <div className="island" data-island={name} data-props={props ? JSON.stringify(props) : undefined}>
      {children}
    </div>
  );
}
