/**
 * Toasts (spec §9: react-toastify's defaults), with react-toastify loaded when the first one is shown,
 * not with the page: the app mounts its container from then on (app/app.tsx), and a toast shown before
 * the container has mounted waits in react-toastify's queue.
 */
const toastify = () => import('react-toastify/unstyled');

let shownAny = false;
const listeners = new Set<() => void>();

/** For useSyncExternalStore: whether any toast has been asked for yet. */
export const toastsWanted = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  current: () => shownAny,
};

function show(kind: 'success' | 'error' | 'info', message: string) {
  if (!shownAny) {
    shownAny = true;
    listeners.forEach((listener) => listener());
  }
  void toastify().then(({ toast }) => toast[kind](message));
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
