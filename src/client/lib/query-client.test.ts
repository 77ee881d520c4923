import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';
import { queryRoots } from './query-keys';
import { session } from './session-store';

const signedIn = { id: 'u1', name: 'Ada', email: 'ada@example.com', emailVerified: true, punchout: false };
const ordersKey = [...queryRoots.orders, 'of', signedIn.email];

async function readFailing(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ user: signedIn }), { status: 200 })),
  );
  await session.refresh();
  const queryClient = createQueryClient();
  queryClient.setQueryData(ordersKey, []);
  await queryClient
    .query({
      queryKey: [...queryRoots.orders, 'one', 'o1'],
      queryFn: () => Promise.reject(new ApiError(status, 'X', 'failed')),
    })
    .catch(() => undefined);
  return queryClient;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the query client', () => {
  it('forgets the session when a read answers 401, so the route guard sends the customer to /login', async () => {
    const queryClient = await readFailing(401);
    expect(session.current()).toEqual({ user: null, isPending: false });
    expect(queryClient.getQueryData(ordersKey)).toBeUndefined();
  });

  it('keeps the session on any other failure', async () => {
    const queryClient = await readFailing(404);
    expect(session.current()).toEqual({ user: signedIn, isPending: false });
    expect(queryClient.getQueryData(ordersKey)).toEqual([]);
  });
});
