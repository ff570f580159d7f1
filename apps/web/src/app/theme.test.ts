import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  contrastRatio,
  darkenToContrast,
  readableShade,
} from './readable-color.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light;
const variable = (name: `--${string}`) => {
  const value = light[name];
  if (value === undefined) throw new Error(`no ${name}`);
  return value;
};
const palettes = Object.entries(resolved.colors).filter(([name]) => name !== 'dark');

describe('readableShade', () => {
  it('takes the first shade that reaches AA, and darkens the darkest when none does', () => {
    expect(readableShade(resolved.colors.indigo, 6, '#ffffff')).toBe(resolved.colors.indigo[7]);
    const green = readableShade(resolved.colors.green, 6, '#ffffff');
    expect(resolved.colors.green).not.toContain(green);
    expect(contrastRatio(green, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('leaves a colour that already reaches AA as it is', () => {
    expect(darkenToContrast('#000000', '#ffffff')).toBe('#000000');
  });
});

describe('cssVariablesResolver', () => {
  it.each(palettes)('gives %s text, filled and light variants that reach AA', (name, shades) => {
    const text = variable(`--mantine-color-${name}-text`);
    expect(contrastRatio(text, resolved.colors.gray[0])).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(
      contrastRatio(resolved.white, variable(`--mantine-color-${name}-filled`)),
    ).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(
      contrastRatio(variable(`--mantine-color-${name}-light-color`), shades[1]),
    ).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('makes dimmed text, placeholders and links reach AA on white, gray and tinted surfaces', () => {
    const surfaces = [
      resolved.white,
      resolved.colors.gray[1],
      ...palettes.map(([, shades]) => shades[0]),
    ];
    for (const surface of surfaces) {
      for (const name of ['--mantine-color-dimmed', '--mantine-color-placeholder'] as const) {
        expect(contrastRatio(variable(name), surface)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    }
    expect(
      contrastRatio(variable('--mantine-color-anchor'), resolved.white),
    ).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});
