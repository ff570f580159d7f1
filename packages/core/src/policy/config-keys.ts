function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== '';
}

/**
 * Lists the config keys a config object makes available for eligibility: every key, nested ones as
 * dotted paths (`browser.enabled`), whose value is set — not `false`, `null` or an empty string.
 */
export function listConfigKeys(config: Readonly<Record<string, unknown>>): string[] {
  const keys: string[] = [];
  const visit = (value: unknown, path: string): boolean => {
    if (isPlainObject(value)) {
      let anySet = false;
      for (const [key, child] of Object.entries(value)) {
        if (visit(child, path === '' ? key : `${path}.${key}`)) anySet = true;
      }
      if (anySet && path !== '') keys.push(path);
      return anySet;
    }
    if (!isSet(value)) return false;
    keys.push(path);
    return true;
  };
  visit(config, '');
  return keys.sort();
}
