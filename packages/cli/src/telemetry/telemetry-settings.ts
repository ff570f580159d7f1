/** Which signals to export, read from the standard `OTEL_*` variables; undefined when telemetry is off. */
export interface TelemetrySettings {
  traces: boolean;
  metrics: boolean;
  /** `OTEL_METRIC_EXPORT_INTERVAL` in milliseconds, when set to a positive number. */
  metricExportIntervalMs?: number;
  /** The exporters' time limit when no `OTEL_EXPORTER_OTLP_*TIMEOUT` variable sets one. */
  exportTimeoutMs?: number;
}

/**
 * A collector that does not answer delays a command's exit by this much at most, instead of the
 * exporters' default 10 s of retries.
 */
export const DEFAULT_EXPORT_TIMEOUT_MS = 2000;

const TIMEOUT_VARIABLES = [
  'OTEL_EXPORTER_OTLP_TIMEOUT',
  'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT',
  'OTEL_EXPORTER_OTLP_METRICS_TIMEOUT',
];

function isSet(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

/**
 * Reads the OpenTelemetry variables: traces go out when `OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set and `OTEL_TRACES_EXPORTER` is not `none`, metrics
 * likewise with `…_METRICS_…`; `OTEL_SDK_DISABLED=true` turns both off.
 */
export function readTelemetrySettings(
  env: Readonly<Record<string, string | undefined>>,
): TelemetrySettings | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const common = isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const traces =
    (common || isSet(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)) &&
    env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() !== 'none';
  const metrics =
    (common || isSet(env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT)) &&
    env.OTEL_METRICS_EXPORTER?.trim().toLowerCase() !== 'none';
  if (!traces && !metrics) return undefined;
  const interval = Number(env.OTEL_METRIC_EXPORT_INTERVAL);
  const timeoutSet = TIMEOUT_VARIABLES.some((name) => isSet(env[name]));
  return {
    traces,
    metrics,
    ...(Number.isFinite(interval) && interval > 0 ? { metricExportIntervalMs: interval } : {}),
    ...(timeoutSet ? {} : { exportTimeoutMs: DEFAULT_EXPORT_TIMEOUT_MS }),
  };
}
