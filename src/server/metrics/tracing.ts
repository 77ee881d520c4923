import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, propagation } from '@opentelemetry/api';

/**
 * OpenTelemetry traces, when OTEL_EXPORTER_OTLP_ENDPOINT names a collector: a server span for every
 * request, named by its route's pattern, continuing the caller's trace (W3C traceparent), with its
 * status and any error; sent in batches over OTLP/HTTP to `<endpoint>/v1/traces`. Loaded only when
 * configured (a shop without a collector loads none of it).
 */
export async function registerTracing(
  app: FastifyInstance,
  { endpoint, serviceName }: { endpoint: string; serviceName: string },
): Promise<{ shutdown: () => Promise<void> }> {
  const [
    { NodeTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    core,
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }), {
        scheduledDelayMillis: 1000,
      }),
    ],
  });
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  const tracer = provider.getTracer('toolshop');
  const spans = new WeakMap<FastifyRequest, Span>();

  app.addHook('onRequest', async (request) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    spans.set(
      request,
      tracer.startSpan(
        `${request.method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': request.method,
            'http.route': route,
            'url.path': request.url.split('?')[0] ?? request.url,
            'client.address': request.ip,
          },
        },
        parent,
      ),
    );
  });
  app.addHook('onError', async (request, _reply, error) => {
    spans.get(request)?.recordException(error);
  });
  const end = (request: FastifyRequest, statusCode: number | null) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    if (statusCode !== null) span.setAttribute('http.response.status_code', statusCode);
    if (statusCode === null || statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  app.addHook('onResponse', async (request, reply) => end(request, reply.statusCode));
  app.addHook('onRequestAbort', async (request) => end(request, null));
  // The trace id in the request's log lines, to go from a log line to its trace.
  app.addHook('preHandler', async (request) => {
    const span = spans.get(request);
    if (span) request.log = request.log.child({ traceId: span.spanContext().traceId });
  });
  return { shutdown: () => provider.shutdown() };
}
