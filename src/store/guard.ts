import { storeErrorFor } from './problems.js';

/**
 * The store with every method guarded: an SQLite error that is about the file (the damage of a truncated
 * store often shows only when a query reaches the missing pages; a read-only file only at the first write)
 * becomes the StoreError that names the file and what to do. Other errors pass as they are.
 */
export function guardStore<T extends object>(store: T, path: string): T {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          return value.apply(target, args);
        } catch (error) {
          throw storeErrorFor(path, error) ?? error;
        }
      };
    },
  });
}
