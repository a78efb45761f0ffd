// A small seeded generator (mulberry32): synthetic sheets and photos are the same on every run.
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** About normal (sum of 4 uniforms), mean 0, deviation 1. */
export function gauss(r: () => number): number {
  return (r() + r() + r() + r() - 2) * 1.732;
}
