import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { Tool } from '../../shared/api/catalog.schemas';
import { createTestApp } from '../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

// The built page renderer (dist/ssr) has its own copy of the shared schemas, which re-registers their
// ids in zod's global registry (on globalThis): a second "Tool" stands for it here.
it('serves the OpenAPI document after a second copy of the shared schemas registered their ids', async () => {
  const secondCopy = Tool.clone().meta({ id: 'Tool' });
  try {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ components: { schemas: object } }>().components.schemas).toHaveProperty('Tool');
  } finally {
    z.globalRegistry.remove(secondCopy);
    z.globalRegistry.add(Tool, { id: 'Tool' });
  }
});
