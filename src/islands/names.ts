// The islands of the public pages and when each comes alive (issue 24 §1). Shared by the server's
// markup (Island.tsx), the visitor's loader (visitor.ts, no React) and the React side (roots.tsx).
//   interaction: server-rendered; hydrated on the first pointer, key or focus inside it, and a
//                click made before it is alive is replayed once it is;
//   visible:     nothing server-rendered inside; rendered by the client when it nears the viewport.
export const ISLANDS = {
  'theme-switch': 'interaction',
  'cookie-banner': 'interaction',
  'chapter-comments': 'visible',
} as const;

export type IslandName = keyof typeof ISLANDS;

export function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}
