/** How log records are written: one readable line each (`text`) or one JSON object each (`json`). */
export type LogFormat = 'text' | 'json';

/** The values `--log-format` and `SKILLSET_LOG_FORMAT` accept. */
export const LOG_FORMATS: readonly LogFormat[] = ['text', 'json'];
