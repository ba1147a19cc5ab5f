// The print code keeps many small caches (faces, shaped words, icon paths, embedded images):
// each is "the value under this key, made the first time it is asked for".
interface Cache<K, V> {
  has(key: K): boolean;
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value cached under `key`, made by `make` on first use (Map or WeakMap). */
export function cached<K, V>(cache: Cache<K, V>, key: K, make: () => V): V {
  if (cache.has(key)) return cache.get(key) as V;
  const value = make();
  cache.set(key, value);
  return value;
}
