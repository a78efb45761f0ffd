// A compact inverted index for the device search (issue 30 §3): the terms of one manual's
// documents in one sorted array, their postings in typed arrays, BM25 weights worked out once
// when the index is built. A query word is a prefix: a binary search finds the run of terms it
// begins, and the postings of that run are summed into one score per document; every word is
// required. It replaced MiniSearch, which built a result object with per-term match lists for
// every matching document: at 6,000 grids a two-letter prefix matches nearly all of them, and a
// query took 0.5–2 s of a core in Node (docs/MEASUREMENTS.md, session 4). Here such a query sums
// a few hundred thousand postings into a Float64Array.

/** One document: an id of the caller's, and its fields' terms (already folded and split). */
export type TermDoc<Id> = { id: Id; fields: string[][] };
export type TermHit<Id> = { id: Id; score: number };

// BM25's usual constants; a prefix match counts for less than the whole word, more the closer it is
// (MiniSearch's rule, so the ranking moved little with the change).
const K1 = 1.2;
const B = 0.7;
const PREFIX_WEIGHT = 0.375;
const TF_BITS = 10;
const TF_MAX = (1 << TF_BITS) - 1;

export class TermIndex<Id> {
  /** The documents' ids, in the order given. */
  readonly ids: readonly Id[];
  private readonly terms: string[];
  /** Postings of terms[i]: docs[starts[i] .. starts[i + 1]), each with its weight. */
  private readonly starts: Int32Array;
  private readonly docs: Int32Array;
  private readonly weights: Float32Array;

  /** boosts[f]: how much field f counts (at most 3 fields: their counts are packed in one number). */
  constructor(docs: TermDoc<Id>[], boosts: number[]) {
    const fields = boosts.length;
    if (fields > 3) throw new Error('TermIndex: at most 3 fields');
    this.ids = docs.map((d) => d.id);
    const lengths = new Uint32Array(docs.length * fields);
    const totals = new Float64Array(fields);
    // term → [doc, packed counts per field, doc, packed counts, …]
    const staging = new Map<string, number[]>();
    docs.forEach((doc, d) => {
      const counts = new Map<string, number>();
      for (let f = 0; f < fields; f++) {
        const words = doc.fields[f] ?? [];
        lengths[d * fields + f] = words.length;
        totals[f] += words.length;
        const shift = f * TF_BITS;
        for (const w of words) {
          const packed = counts.get(w) ?? 0;
          if (((packed >> shift) & TF_MAX) < TF_MAX) counts.set(w, packed + (1 << shift));
        }
      }
      for (const [w, packed] of counts) {
        const list = staging.get(w);
        if (list) list.push(d, packed);
        else staging.set(w, [d, packed]);
      }
    });
    const avg = Array.from(totals, (t) => Math.max(1, t / Math.max(1, docs.length)));
    this.terms = [...staging.keys()].sort();
    this.starts = new Int32Array(this.terms.length + 1);
    let total = 0;
    this.terms.forEach((t, i) => {
      this.starts[i] = total;
      total += staging.get(t)!.length / 2;
    });
    this.starts[this.terms.length] = total;
    this.docs = new Int32Array(total);
    this.weights = new Float32Array(total);
    // Each term's idf is folded into its weights now: the index is rebuilt whenever its documents change.
    this.terms.forEach((t, i) => {
      const list = staging.get(t)!;
      const df = list.length / 2;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      let at = this.starts[i]!;
      for (let j = 0; j < list.length; j += 2, at++) {
        const d = list[j]!;
        const packed = list[j + 1]!;
        let w = 0;
        for (let f = 0; f < fields; f++) {
          const tf = (packed >> (f * TF_BITS)) & TF_MAX;
          if (!tf) continue;
          const norm = 1 - B + (B * lengths[d * fields + f]!) / avg[f]!;
          w += (boosts[f]! * tf * (K1 + 1)) / (tf + K1 * norm);
        }
        this.docs[at] = d;
        this.weights[at] = w * idf;
      }
    });
  }

  get size(): number {
    return this.ids.length;
  }

  /** The first term ≥ prefix (binary search over the sorted terms). */
  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Each document's score over the words, and whether it holds all of them; null when none does. */
  private score(words: string[]): { score: Float64Array; matched: Uint8Array } | null {
    if (!words.length || !this.ids.length) return null;
    const score = new Float64Array(this.ids.length);
    // matched[d] = how many of the words so far document d holds; only those holding all earlier ones count on.
    const matched = new Uint8Array(this.ids.length);
    for (let k = 0; k < words.length; k++) {
      const word = words[k]!;
      let any = false;
      for (let i = this.lowerBound(word); i < this.terms.length && this.terms[i]!.startsWith(word); i++) {
        const extra = this.terms[i]!.length - word.length;
        const factor = extra === 0 ? 1 : (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * extra);
        for (let p = this.starts[i]!, end = this.starts[i + 1]!; p < end; p++) {
          const d = this.docs[p]!;
          const m = matched[d]!;
          if (m === k) matched[d] = k + 1;
          else if (m !== k + 1) continue;
          score[d] += this.weights[p]! * factor;
          any = true;
        }
      }
      if (!any) return null;
    }
    return { score, matched };
  }

  /** Every document holding every word (each as a whole word or a word's beginning), best first; equal scores in the documents' order. */
  all(words: string[]): TermHit<Id>[] {
    const r = this.score(words);
    if (!r) return [];
    const hits: TermHit<Id>[] = [];
    for (let d = 0; d < this.ids.length; d++) if (r.matched[d] === words.length) hits.push({ id: this.ids[d]!, score: r.score[d]! });
    // Array.prototype.sort is stable: equal scores keep the documents' order.
    return hits.sort((a, b) => b.score - a.score);
  }

  /** The best `limit` of all(words) that `accept` lets through, without sorting every match (a two-letter prefix matches nearly all). */
  best(words: string[], accept: (id: Id) => boolean, limit: number): TermHit<Id>[] {
    const r = this.score(words);
    if (!r || limit <= 0) return [];
    const { score, matched } = r;
    const best: number[] = [];
    for (let d = 0; d < this.ids.length; d++) {
      if (matched[d] !== words.length) continue;
      const s = score[d]!;
      if (best.length === limit && s <= score[best[limit - 1]!]!) continue;
      if (!accept(this.ids[d]!)) continue;
      let at = best.length;
      while (at > 0 && score[best[at - 1]!]! < s) at--;
      best.splice(at, 0, d);
      if (best.length > limit) best.pop();
    }
    return best.map((d) => ({ id: this.ids[d]!, score: score[d]! }));
  }
}
