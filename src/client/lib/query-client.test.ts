import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';
import { queryRoots } from './query-keys';

const signedIn = { id: 'u1', name: 'Ada', email: 'ada@example.com' };
const ordersKey = [...queryRoots.orders, 'of', signedIn.email];

async function readFailing(status: number) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryRoots.session, signedIn);
  queryClient.setQueryData(ordersKey, []);
  await queryClient
    .query({
      queryKey: [...queryRoots.orders, 'one', 'o1'],
      queryFn: () => Promise.reject(new ApiError(status, 'X', 'failed')),
    })
    .catch(() => undefined);
  return queryClient;
}

describe('the query client', () => {
  it('forgets the session when a read answers 401, so the route guard sends the customer to /login', async () => {
    const queryClient = await readFailing(401);
    expect(queryClient.getQueryData(queryRoots.session)).toBeNull();
    expect(queryClient.getQueryData(ordersKey)).toBeUndefined();
  });

  it('keeps the session on any other failure', async () => {
    const queryClient = await readFailing(404);
    expect(queryClient.getQueryData(queryRoots.session)).toEqual(signedIn);
    expect(queryClient.getQueryData(ordersKey)).toEqual([]);
  });
});
