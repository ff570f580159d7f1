/** The first revision of the 2026 era: `server/discover` and a `_meta` envelope instead of `initialize`. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
