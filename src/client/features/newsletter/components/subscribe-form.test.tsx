import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages';
import { SubscribeForm } from './subscribe-form';

/** A machine busy with the browser journeys renders slowly: wait up to 10 s, not vitest's 1 s. */
const WAIT = { timeout: 10_000 };

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ notify }));

/** Stubs fetch with a request that stays open until the test calls `release`, however slow the machine. */
function answer(status: number, body: unknown) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent = vi.fn(async () => {
    await held;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', sent);
  return { sent, release };
}

async function subscribe(email: string) {
  render(<SubscribeForm />);
  const field = screen.getByLabelText('Get new tools and bulk offers by email');
  await userEvent.type(field, email);
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  return field as HTMLInputElement;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('SubscribeForm', () => {
  it('posts the address, is busy meanwhile, then thanks and empties the field', async () => {
    const { sent, release } = answer(201, { insertedId: 'a1', acknowledged: true });
    const field = await subscribe('buyer@example.com');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Subscribe' }).disabled).toBe(true);
    expect(notify.success).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(messages.subscribed), WAIT);
    expect(field.value).toBe('');
    // Ready again once the answer has been handled (a render after the toast, on a busy machine).
    await vi.waitFor(
      () => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Subscribe' }).disabled).toBe(false),
      WAIT,
    );
    const [url, init] = sent.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/subscribe');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'buyer@example.com' });
  });

  it("tells the server's reason when the address is refused, and keeps what was typed", async () => {
    const { release } = answer(400, {
      error: { code: 'VALIDATION', message: 'Enter a valid email address.' },
    });
    const field = await subscribe('buyer@example.com');
    release();
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('Enter a valid email address.'), WAIT);
    expect(notify.success).not.toHaveBeenCalled();
    expect(field.value).toBe('buyer@example.com');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Subscribe' }).disabled).toBe(false);
  });
});
