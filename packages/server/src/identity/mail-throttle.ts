/** Limits how many mails one address gets per window, so the server cannot be used to flood it. */
export interface MailThrottle {
  /** True (and counted) when another mail to `address` is allowed now. */
  allow(address: string): boolean;
}

/** Creates a {@link MailThrottle} of `limit` mails per address per `windowMs`, kept in memory. */
export function createMailThrottle(limit = 5, windowMs = 60 * 60 * 1000): MailThrottle {
  const sent = new Map<string, number[]>();
  return {
    allow(address) {
      const key = address.trim().toLowerCase();
      const now = Date.now();
      const recent = (sent.get(key) ?? []).filter((time) => now - time < windowMs);
      if (recent.length >= limit) {
        sent.set(key, recent);
        return false;
      }
      recent.push(now);
      sent.set(key, recent);
      if (sent.size > 10_000) sent.delete(sent.keys().next().value as string);
      return true;
    },
  };
}
