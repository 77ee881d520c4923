import { useSyncExternalStore } from 'react';
import type { Cart } from '../../shared/api/cart.schemas';
import { MAX_ORDER_LINES } from '../../shared/domain/order-lines';
import { messages } from '../../shared/messages';
import { api } from './api-client';

/**
 * The cart as the header's badge and the Add to cart buttons see it, without TanStack Query (the home
 * page loads none): a signed-in buyer's cart lives on the server (GET /api/cart); a visitor's lives in
 * this browser (localStorage) until they sign in, when it is merged into their account's cart.
 */

const VISITOR_KEY = 'toolshop.cart';

export interface VisitorLine {
  toolId: string;
  quantity: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage turned off: a visitor's cart lasts as long as the page.
  }
}

/** The visitor's cart kept in this browser, oldest line first (anything unreadable is ignored). */
export function visitorCart(): VisitorLine[] {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(VISITOR_KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (line): line is VisitorLine =>
        typeof line === 'object' &&
        line !== null &&
        typeof (line as VisitorLine).toolId === 'string' &&
        Number.isInteger((line as VisitorLine).quantity) &&
        (line as VisitorLine).quantity > 0,
    );
  } catch {
    return [];
  }
}

function saveVisitorCart(lines: VisitorLine[]) {
  storage()?.setItem(VISITOR_KEY, JSON.stringify(lines));
  setCount(lines.length);
}

export function setVisitorLine(toolId: string, quantity: number) {
  const lines = visitorCart();
  const existing = lines.find((line) => line.toolId === toolId);
  if (existing) existing.quantity = quantity;
  else if (lines.length >= MAX_ORDER_LINES) throw new Error(messages.cartFull(MAX_ORDER_LINES));
  else lines.push({ toolId, quantity });
  saveVisitorCart(lines);
}

export function removeVisitorLine(toolId: string) {
  saveVisitorCart(visitorCart().filter((line) => line.toolId !== toolId));
}

// --- The line count in the header ---

let count = 0;
const listeners = new Set<() => void>();

function setCount(next: number) {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

/** The cart's line count, for the header's badge. */
export function useCartCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => count,
    () => 0,
  );
}

/** After the server answered with the cart: the badge shows its lines. */
export function cartChanged(cart: Cart) {
  setCount(cart.lines.length);
}

/**
 * When the session is known: a visitor's badge counts this browser's cart; a buyer who just signed in
 * has this browser's cart merged into their account's (then forgotten here), and the badge counts that.
 */
export async function loadCart(signedIn: boolean): Promise<void> {
  if (!signedIn) {
    setCount(visitorCart().length);
    return;
  }
  const kept = visitorCart();
  const cart = kept.length
    ? await api<Cart>('/cart/merge', { method: 'POST', body: { lines: kept } })
    : await api<Cart>('/cart');
  if (kept.length) storage()?.removeItem(VISITOR_KEY);
  cartChanged(cart);
}

/**
 * Adds `quantity` units of a product to the cart (or sets the line to that quantity when it is there):
 * on the server for a signed-in buyer, in this browser for a visitor. Answers the cart's line count.
 */
export async function addToCart(toolId: string, quantity: number, signedIn: boolean): Promise<number> {
  if (!signedIn) {
    setVisitorLine(toolId, quantity);
    return visitorCart().length;
  }
  const cart = await api<Cart>(`/cart/lines/${encodeURIComponent(toolId)}`, {
    method: 'PUT',
    body: { quantity },
  });
  cartChanged(cart);
  return cart.lines.length;
}
