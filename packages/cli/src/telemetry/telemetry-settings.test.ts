import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_TIMEOUT_MS, readTelemetrySettings } from './telemetry-settings.ts';

describe('readTelemetrySettings', () => {
  it('is off when no OTLP endpoint is set, or an empty one', () => {
    expect(readTelemetrySettings({})).toBeUndefined();
    expect(readTelemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeUndefined();
    expect(readTelemetrySettings({ OTEL_SERVICE_NAME: 'agent' })).toBeUndefined();
  });

  it('exports both signals to the common endpoint, with a short default time limit', () => {
    expect(readTelemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual(
      { traces: true, metrics: true, exportTimeoutMs: DEFAULT_EXPORT_TIMEOUT_MS },
    );
  });

  it('exports only the signal whose own endpoint is set', () => {
    expect(
      readTelemetrySettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' }),
    ).toMatchObject({ traces: true, metrics: false });
    expect(
      readTelemetrySettings({ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://c:4318/v1/metrics' }),
    ).toMatchObject({ traces: false, metrics: true });
  });

  it('honours OTEL_SDK_DISABLED and the exporter switches', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' };
    expect(readTelemetrySettings({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBeUndefined();
    expect(readTelemetrySettings({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).toBeDefined();
    expect(readTelemetrySettings({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toMatchObject({
      traces: false,
      metrics: true,
    });
    expect(
      readTelemetrySettings({
        ...endpoint,
        OTEL_TRACES_EXPORTER: 'none',
        OTEL_METRICS_EXPORTER: 'none',
      }),
    ).toBeUndefined();
  });

  it('leaves the time limit to OTEL_EXPORTER_OTLP_TIMEOUT and reads the metric interval', () => {
    expect(
      readTelemetrySettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_TIMEOUT: '15000',
        OTEL_METRIC_EXPORT_INTERVAL: '5000',
      }),
    ).toEqual({ traces: true, metrics: true, metricExportIntervalMs: 5000 });
  });
});
