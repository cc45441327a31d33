/** The current route from `location.hash`, as a React hook, and the way to move between routes. */
import { useSyncExternalStore } from 'react';
import { formatHash, parseHash, type Route } from './routes';

const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('hashchange', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('hashchange', onChange);
  };
}

/**
 * Tells React at once, inside the event that navigated: `hashchange` comes a task later, and
 * until then a controlled control (a ticked status box) would snap back to its old state.
 */
const notify = () => listeners.forEach((listener) => listener());

const currentHash = () => window.location.hash;

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, currentHash);
  return parseHash(hash);
}

/**
 * A screen with unsaved input (the New shipment form) asks before the desk leaves it: by
 * `navigate`, a link, Back or a shortcut. `mayLeave` returns true to go; once it has, the
 * guard is gone (the screen is leaving). Returns the release for the screen's unmount.
 */
let leaveGuard: { hash: string; mayLeave: () => boolean } | null = null;

export function guardLeaving(mayLeave: () => boolean): () => void {
  const guard = { hash: window.location.hash, mayLeave };
  leaveGuard = guard;
  return () => {
    if (leaveGuard === guard) leaveGuard = null;
  };
}

function mayGoTo(hash: string): boolean {
  if (!leaveGuard || hash === leaveGuard.hash) return true;
  if (!leaveGuard.mayLeave()) return false;
  leaveGuard = null;
  return true;
}

// Registered when this module loads, so before the router's own listener: a refused change of
// address is put back before any screen reads it.
window.addEventListener('hashchange', (event) => {
  if (mayGoTo(window.location.hash)) return;
  window.history.replaceState(window.history.state, '', leaveGuard!.hash);
  event.stopImmediatePropagation();
});

/** Pushes a history entry (Back returns), or replaces the current one. */
export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const hash = formatHash(route);
  if (hash === window.location.hash) return;
  if (!mayGoTo(hash)) return;
  if (options.replace) window.history.replaceState(window.history.state, '', hash);
  else window.location.hash = hash;
  notify();
}

export const hrefFor = (route: Route): string => formatHash(route);

/** The list as the desk last saw it, so "Shipments" links from a detail return to it. */
let lastListHash = '#/shipments';
export function rememberListHash(hash: string): void {
  lastListHash = hash;
}
export const lastListHref = (): string => lastListHash;

/** The shipment last opened from the list, so that Back puts the keyboard on its row again. */
let lastOpenedShipment: string | null = null;
export function rememberOpenedShipment(id: string): void {
  lastOpenedShipment = id;
}
export const openedShipment = (): string | null => lastOpenedShipment;
