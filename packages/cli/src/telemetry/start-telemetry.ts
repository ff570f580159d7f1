import { readTelemetrySettings } from './telemetry-settings.ts';

/** Running telemetry: flushes what is buffered and stops exporting. */
export interface RunningTelemetry {
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry SDK with OTLP/HTTP exporters when the `OTEL_*` variables ask for it
 * (see {@link readTelemetrySettings}); otherwise resolves with undefined without loading the SDK.
 */
export async function startTelemetry(
  env: Readonly<Record<string, string | undefined>>,
): Promise<RunningTelemetry | undefined> {
  const settings = readTelemetrySettings(env);
  if (settings === undefined) return undefined;
  const { startTelemetrySdk } = await import('./start-telemetry-sdk.ts');
  return startTelemetrySdk(settings);
}
