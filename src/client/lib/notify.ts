/**
 * Toasts (spec §9: react-toastify's defaults), with react-toastify loaded when the first one is shown,
 * not with the home page's first script. A toast shown before the container has mounted waits in
 * react-toastify's queue.
 */
const toastify = () => import('react-toastify/unstyled');

export const notify = {
  success: (message: string) => void toastify().then(({ toast }) => toast.success(message)),
  error: (message: string) => void toastify().then(({ toast }) => toast.error(message)),
  info: (message: string) => void toastify().then(({ toast }) => toast.info(message)),
};
