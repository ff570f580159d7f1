import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { RunningTelemetry } from './start-telemetry.ts';
import type { TelemetrySettings } from './telemetry-settings.ts';

/**
 * Registers a tracer and a meter provider exporting over OTLP/HTTP (JSON); the exporters read
 * their endpoints, headers and timeouts from the standard `OTEL_EXPORTER_OTLP_*` variables.
 */
export function startTelemetrySdk(settings: TelemetrySettings): RunningTelemetry {
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the default name.
  const resource = resourceFromAttributes({ 'service.name': 'skillset' }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const stops: Array<() => Promise<void>> = [];
  const exporterOptions =
    settings.exportTimeoutMs === undefined ? {} : { timeoutMillis: settings.exportTimeoutMs };
  if (settings.traces) {
    const contextManager = new AsyncLocalStorageContextManager().enable();
    context.setGlobalContextManager(contextManager);
    const provider = new BasicTracerProvider({
      resource,
      spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(exporterOptions))],
    });
    trace.setGlobalTracerProvider(provider);
    stops.push(() => provider.shutdown());
  }
  if (settings.metrics) {
    const provider = new MeterProvider({
      resource,
      readers: [
        new PeriodicExportingMetricReader({
          exporter: new OTLPMetricExporter(exporterOptions),
          ...(settings.metricExportIntervalMs === undefined
            ? {}
            : { exportIntervalMillis: settings.metricExportIntervalMs }),
        }),
      ],
    });
    metrics.setGlobalMeterProvider(provider);
    stops.push(() => provider.shutdown());
  }
  return {
    async shutdown() {
      await Promise.allSettled(stops.map((stop) => stop()));
      trace.disable();
      metrics.disable();
      context.disable();
    },
  };
}
