import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/JSON export carries it, with its attributes flattened to values. */
export interface ReceivedSpan {
  name: string;
  spanId: string;
  /** Empty or absent for a root span. */
  parentSpanId?: string;
  attributes: Record<string, string | number | boolean>;
  status?: { code?: number };
}

/** One data point of a sum (counter) metric, with its attributes flattened. */
export interface ReceivedPoint {
  metric: string;
  value: number;
  attributes: Record<string, string | number | boolean>;
}

/** A real OTLP/HTTP receiver on loopback that keeps every body it was sent. */
export interface OtlpReceiver extends AsyncDisposable {
  /** The base URL, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  /** Every request body as received, for checks on what was sent at all. */
  bodies: { path: string; contentType: string; text: string }[];
  spans(): ReceivedSpan[];
  points(): ReceivedPoint[];
}

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
};

function flatten(attributes: { key: string; value: OtlpValue }[] = []) {
  const flat: Record<string, string | number | boolean> = {};
  for (const { key, value } of attributes) {
    flat[key] =
      value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue ?? NaN);
  }
  return flat;
}

/** Starts the receiver on 127.0.0.1 on a free port: POST /v1/traces and /v1/metrics (OTLP JSON). */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const bodies: OtlpReceiver['bodies'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const known = request.method === 'POST' && (path === '/v1/traces' || path === '/v1/metrics');
      if (known) {
        const text = Buffer.concat(chunks).toString('utf8');
        bodies.push({ path, contentType: request.headers['content-type'] ?? '', text });
      }
      response.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const json = (path: string) =>
    bodies.filter((body) => body.path === path).map((body) => JSON.parse(body.text));
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    spans: () =>
      json('/v1/traces').flatMap((body) =>
        (body.resourceSpans ?? []).flatMap((resource: { scopeSpans?: unknown[] }) =>
          (resource.scopeSpans ?? []).flatMap((scope) =>
            ((scope as { spans?: unknown[] }).spans ?? []).map((span) => {
              const raw = span as {
                name: string;
                spanId: string;
                parentSpanId?: string;
                attributes?: [];
                status?: { code?: number };
              };
              return {
                name: raw.name,
                spanId: raw.spanId,
                ...(raw.parentSpanId ? { parentSpanId: raw.parentSpanId } : {}),
                attributes: flatten(raw.attributes),
                status: raw.status,
              };
            }),
          ),
        ),
      ),
    points: () =>
      json('/v1/metrics').flatMap((body) =>
        (body.resourceMetrics ?? []).flatMap((resource: { scopeMetrics?: unknown[] }) =>
          (resource.scopeMetrics ?? []).flatMap((scope) =>
            ((scope as { metrics?: unknown[] }).metrics ?? []).flatMap((metric) => {
              const raw = metric as {
                name: string;
                sum?: {
                  dataPoints?: { asInt?: string | number; asDouble?: number; attributes?: [] }[];
                };
              };
              return (raw.sum?.dataPoints ?? []).map((point) => ({
                metric: raw.name,
                value: Number(point.asInt ?? point.asDouble ?? 0),
                attributes: flatten(point.attributes),
              }));
            }),
          ),
        ),
      ),
    [Symbol.asyncDispose]: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
