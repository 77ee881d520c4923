import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

/**
 * OpenTelemetry: with OTEL_EXPORTER_OTLP_ENDPOINT set, every request's server span reaches the
 * collector (here a local HTTP receiver of OTLP/JSON), named by its route and in the caller's trace.
 */
interface OtlpSpan {
  traceId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
const received: OtlpSpan[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.url === '/v1/traces') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) received.push(...scope.spans);
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  ctx = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` } });
});
afterAll(async () => {
  receiver.close();
});

it('sends a server span per request to the collector, named by the route, continuing the caller’s trace', async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const answered = await ctx.app.inject({
    method: 'GET',
    url: '/api/buyNow/00000000-0000-4000-8000-000000000000',
    headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
  });
  expect(answered.statusCode).toBe(404);
  await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
  // Closing the app flushes the spans still batched.
  await ctx.app.close();
  const span = received.find((entry) => entry.name === 'GET /api/buyNow/:id');
  expect(span).toMatchObject({ traceId, parentSpanId: '00f067aa0ba902b7' });
  const attribute = (key: string) => span?.attributes.find((entry) => entry.key === key)?.value;
  expect(attribute('http.route')).toEqual({ stringValue: '/api/buyNow/:id' });
  expect(Number(attribute('http.response.status_code')?.intValue)).toBe(404);
  expect(received.map((entry) => entry.name)).toContain('GET /api/healthz');
});
