import { type SubmitEvent, useId, useTransition } from 'react';
import { notify } from '../../../lib/notify';
import { messages } from '../../../../shared/messages';
import { subscribe } from '../api/subscribe';

/**
 * The footer's subscribe form (spec §2; DESIGN §5.8). A single email field needs no form library: the
 * browser checks "required" and the email type, and the server's message covers anything else. It is on
 * every page, the home page's first load included, so it posts by itself instead of through TanStack
 * Query, with a toast for the outcome as the app's mutations give.
 */
export function SubscribeForm() {
  const inputId = useId();
  const [isPending, startTransition] = useTransition();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = new FormData(form).get('email');
    if (typeof email !== 'string') return;
    startTransition(async () => {
      try {
        await subscribe({ email });
      } catch (error) {
        notify.error(error instanceof Error ? error.message : String(error));
        return;
      }
      notify.success(messages.subscribed);
      form.reset();
    });
  }

  return (
    <form onSubmit={onSubmit} aria-label="Newsletter">
      <label htmlFor={inputId} className="form-label fw-semibold">
        Get new tools and bulk offers by email
      </label>
      <div className="input-group">
        <input
          id={inputId}
          className="form-control"
          name="email"
          type="email"
          required
          placeholder="you@company.com"
          autoComplete="email"
        />
        <button type="submit" className="btn btn-warning" disabled={isPending}>
          Subscribe
        </button>
      </div>
    </form>
  );
}
