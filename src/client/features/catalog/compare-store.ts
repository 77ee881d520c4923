import { useSyncExternalStore } from 'react';

/**
 * The products a buyer picked to compare (DESIGN §11), kept in this browser: up to MAX_COMPARED,
 * the oldest dropped when a fifth is picked. /compare?ids= shows them side by side.
 */

export const MAX_COMPARED = 4;
const KEY = 'toolshop.compare';
const listeners = new Set<() => void>();
let current: readonly string[] | null = null;

function read(): readonly string[] {
  if (current) return current;
  try {
    const stored: unknown =
      typeof window === 'undefined' ? [] : JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    current = Array.isArray(stored)
      ? stored.filter((id): id is string => typeof id === 'string').slice(0, MAX_COMPARED)
      : [];
  } catch {
    current = [];
  }
  return current;
}

const NONE: readonly string[] = [];

function write(ids: readonly string[]) {
  current = ids;
  try {
    window.localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Storage turned off: the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** Picks or drops a product; a fifth pick drops the oldest. */
export function toggleCompared(id: string, on: boolean) {
  const ids = read().filter((kept) => kept !== id);
  write(on ? [...ids, id].slice(-MAX_COMPARED) : ids);
}

export function clearCompared() {
  write([]);
}

export function useCompared(): readonly string[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => NONE,
  );
}
