// An append-only list that costs nothing to extend: each game state adds one link holding what its
// action added, and shares everything before it with the state it came from. A long game no
// longer copies its whole history and log on every action (that made a 40,000-entry game take a
// minute to load), and an undone branch never disturbs the states that led to it.
export interface Chain<T> {
  /** What this link added (never empty, except in the empty chain). */
  readonly items: readonly T[];
  readonly prev: Chain<T> | null;
  /** How many items the whole chain holds. */
  readonly length: number;
}

export function emptyChain<T>(): Chain<T> {
  return { items: [], prev: null, length: 0 };
}

/** The chain with these items added at the end (itself when there are none). */
export function append<T>(chain: Chain<T>, items: readonly T[]): Chain<T> {
  return items.length === 0 ? chain : { items, prev: chain, length: chain.length + items.length };
}

const arrays = new WeakMap<Chain<unknown>, readonly unknown[]>();

/** Every item, oldest first; worked out once per chain. */
export function toArray<T>(chain: Chain<T>): readonly T[] {
  const known = arrays.get(chain) as readonly T[] | undefined;
  if (known) return known;
  const links: Chain<T>[] = [];
  let base: readonly T[] = [];
  for (let c: Chain<T> | null = chain; c; c = c.prev) {
    const done = arrays.get(c) as readonly T[] | undefined;
    if (done) {
      base = done;
      break;
    }
    links.push(c);
  }
  const out = base.slice();
  for (let i = links.length - 1; i >= 0; i--) out.push(...links[i]!.items);
  arrays.set(chain, out);
  return out;
}

/** The last item, if any. */
export function lastOf<T>(chain: Chain<T>): T | undefined {
  return chain.items[chain.items.length - 1];
}

/** The chain as it was when it held `length` items (a length it had: a link boundary). */
export function upTo<T>(chain: Chain<T>, length: number): Chain<T> {
  let c = chain;
  while (c.length > length && c.prev) c = c.prev;
  if (c.length !== length) throw new RangeError(`the chain never held exactly ${length} items`);
  return c;
}

/** The items after the first `length`, oldest first (walks only the links that hold them). */
export function after<T>(chain: Chain<T>, length: number): T[] {
  const links: (readonly T[])[] = [];
  for (let c: Chain<T> | null = chain; c && c.length > length; c = c.prev) links.push(c.items);
  return links.reverse().flat();
}

/** The chain with each item added as a link of its own, so that taking them off one by one copies nothing. */
export function pushEach<T>(chain: Chain<T>, items: readonly T[]): Chain<T> {
  let c = chain;
  for (const item of items) c = { items: [item], prev: c, length: c.length + 1 };
  return c;
}
