import { describe, expect, it } from 'vitest';
import {
  ENTRY_POINT_SURFACES,
  isPolicySurface,
  POLICY_SURFACES,
  resolvePolicySurface,
} from './policy-surface.ts';

describe('resolvePolicySurface', () => {
  it('keeps a policy surface as it is', () => {
    for (const surface of POLICY_SURFACES) expect(resolvePolicySurface(surface)).toBe(surface);
  });

  it('maps entry points onto the surfaces', () => {
    expect(resolvePolicySurface('mcp_tool')).toBe('model');
    expect(resolvePolicySurface('dispatch_tool')).toBe('model');
    expect(resolvePolicySurface('mcp_prompt')).toBe('user');
    expect(resolvePolicySurface('slash_command')).toBe('user');
    expect(resolvePolicySurface('sandbox_read')).toBe('read');
    expect(resolvePolicySurface('sandbox_list')).toBe('catalog');
    expect(resolvePolicySurface('search_skills')).toBe('catalog');
    expect(resolvePolicySurface('run_skill_script')).toBe('run');
    expect(resolvePolicySurface('read_scratch_file')).toBe('run');
  });

  it('maps every entry point to a known surface', () => {
    for (const surface of Object.values(ENTRY_POINT_SURFACES)) {
      expect(isPolicySurface(surface)).toBe(true);
    }
  });
});
