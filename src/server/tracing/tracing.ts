import type { TextMapGetter } from '@opentelemetry/api';
import type { StatementHook } from '../db/pglite-statements';
import type { Config } from '../env';
import type { Logger } from '../logger';
import { VERSION } from '../version';

/** A webhook delivery's span: the headers that carry it to the receiver (`traceparent`), and its end with the attempt's outcome. */
export interface DeliverySpan {
  headers: Record<string, string>;
  end(outcome: { responseCode?: number; failureReason?: string } | 'interrupted'): void;
}

/** A request's span (http/request-tracing.ts makes one per request): current for what `run` runs, then named by its answer. */
export interface RequestSpan {
  run(handle: () => Promise<void>): Promise<void>;
  end(answer: { operation: { name: string; route: string } | undefined; status: number; requestId: string | undefined }): void;
}

/**
 * OpenTelemetry traces of one instance (on when OTEL_EXPORTER_OTLP_ENDPOINT is set): a server span
 * per request, a client span per statement made within it, and a client span per webhook delivery,
 * whose `traceparent` goes to the receiver. Absent when traces are off, so that an instance without
 * them makes no span and loads none of OpenTelemetry.
 */
export interface Tracing {
  /** A request's span, from its method, path (as recorded) and headers (a caller's `traceparent`). */
  request(method: string, path: string, headers: Headers): RequestSpan;
  /** The current span's trace and span ids, for a log line; undefined outside a span. */
  logFields(): { traceId: string; spanId: string } | undefined;
  /** openDatabase's statement hook: a span for each statement made within a traced request. */
  statement: StatementHook;
  /** A span for one webhook delivery attempt. */
  delivery(url: URL, ids: { webhookId: string; notificationId: string }): DeliverySpan;
  /** Sends the spans not sent yet, then stops. */
  shutdown(): Promise<void>;
}

const headerGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

/** A statement's verb (SELECT, INSERT, BEGIN…): its span's name, as the semantic conventions have it. */
const verbOf = (text: string) => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';

/** Longer attribute values (a long statement's text) are cut to this many characters. */
const ATTRIBUTE_MAX_LENGTH = 4096;

const untraced = () => undefined;

/**
 * Starts exporting spans to `settings.url` (OTLP over HTTP, JSON) in batches. The SDK is loaded
 * here, only when traces are on. Attribute names are those of OpenTelemetry's semantic conventions,
 * and this service's own start with `asset_ops.`. A statement span carries the statement's text,
 * never its values (they are sent apart, as parameters); a request span carries the path, never
 * the query string or a header.
 */
export async function startTracing(settings: NonNullable<Config['tracing']>, instanceId: string | undefined, logger: Logger): Promise<Tracing> {
  const [api, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { OTLPTraceExporter }, { resourceFromAttributes }, sdk] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
  ]);
  const { context, trace, SpanKind, SpanStatusCode, ROOT_CONTEXT, defaultTextMapSetter } = api;
  // The current span follows the request through its awaits (AsyncLocalStorage). One per process:
  // a second instance in the same process (the tests) uses the first one's.
  const manager = new AsyncLocalStorageContextManager();
  if (context.setGlobalContextManager(manager)) manager.enable();
  // The exporter says through OpenTelemetry's own log when spans could not be sent (a collector that is down).
  api.diag.setLogger(
    {
      error: (message, ...args) => logger.warn({ args }, `traces: ${message}`),
      warn: (message, ...args) => logger.warn({ args }, `traces: ${message}`),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    { logLevel: api.DiagLogLevel.WARN, suppressOverrideMessage: true },
  );

  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({
      'service.name': settings.serviceName,
      'service.version': VERSION,
      ...(instanceId ? { 'service.instance.id': instanceId } : {}),
    }),
    // A caller's traceparent decides for the traces it started; the ratio for those started here.
    sampler: new sdk.ParentBasedSampler({
      root: settings.sampleRatio < 1 ? new sdk.TraceIdRatioBasedSampler(settings.sampleRatio) : new sdk.AlwaysOnSampler(),
    }),
    spanLimits: { attributeValueLengthLimit: ATTRIBUTE_MAX_LENGTH },
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.url }) })],
  });
  const tracer = provider.getTracer('asset-ops', VERSION);
  const propagator = new W3CTraceContextPropagator();
  const endpoint = new URL(settings.url);
  logger.info({ endpoint: `${endpoint.origin}${endpoint.pathname}`, sampleRatio: settings.sampleRatio }, 'traces are sent over OTLP');

  return {
    request(method, path, headers) {
      const parent = propagator.extract(ROOT_CONTEXT, headers, headerGetter);
      const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': path } }, parent);
      return {
        run: (handle) => context.with(trace.setSpan(parent, span), handle),
        end({ operation, status, requestId }) {
          if (operation) span.updateName(operation.name).setAttribute('http.route', operation.route);
          span.setAttribute('http.response.status_code', status);
          if (requestId) span.setAttribute('asset_ops.request_id', requestId);
          // A server span is in error on 5xx only: a 4xx is the caller's.
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR }).setAttribute('error.type', String(status));
          span.end();
        },
      };
    },

    logFields() {
      const span = trace.getSpan(context.active());
      if (!span) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId };
    },

    statement(text) {
      const parent = context.active();
      // Only within a traced request or delivery: the workers' polls would each make a trace of one statement.
      if (!trace.getSpan(parent)?.isRecording()) return untraced;
      const verb = verbOf(text);
      const span = tracer.startSpan(
        verb,
        { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.operation.name': verb, 'db.query.text': text } },
        parent,
      );
      return (error) => {
        if (error !== undefined) {
          const code = (error as { code?: unknown }).code;
          span
            .setStatus({ code: SpanStatusCode.ERROR })
            .setAttribute('error.type', typeof code === 'string' ? code : error instanceof Error ? error.name : 'error');
        }
        span.end();
      };
    },

    delivery(url, ids) {
      const parent = context.active();
      const span = tracer.startSpan(
        'webhook delivery',
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'http.request.method': 'POST',
            // Without the query string, which may carry the receiver's own secret.
            'url.full': `${url.origin}${url.pathname}`,
            'server.address': url.hostname,
            'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
            'asset_ops.webhook.id': ids.webhookId,
            'asset_ops.notification.id': ids.notificationId,
          },
        },
        parent,
      );
      const headers: Record<string, string> = {};
      propagator.inject(trace.setSpan(parent, span), headers, defaultTextMapSetter);
      return {
        headers,
        end(outcome) {
          if (outcome === 'interrupted') {
            span.setStatus({ code: SpanStatusCode.ERROR, message: 'interrupted: the instance stopped' }).setAttribute('error.type', 'interrupted');
          } else {
            if (outcome.responseCode !== undefined) span.setAttribute('http.response.status_code', outcome.responseCode);
            const failure =
              outcome.failureReason ?? (outcome.responseCode !== undefined && outcome.responseCode >= 400 ? String(outcome.responseCode) : undefined);
            if (failure) span.setStatus({ code: SpanStatusCode.ERROR }).setAttribute('error.type', failure);
          }
          span.end();
        },
      };
    },

    shutdown: () => provider.shutdown(),
  };
}
