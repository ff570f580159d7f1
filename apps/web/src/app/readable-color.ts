import { darken, luminance, type MantineColorsTuple } from '@mantine/core';

/** WCAG 2.2 AA's least contrast for normal-size text (SC 1.4.3). */
export const AA_TEXT_CONTRAST = 4.5;

/** The WCAG contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour darkened in small steps until text in it reaches AA on the background. */
export function darkenToContrast(color: string, background: string): string {
  let darkened = color;
  for (let amount = 0.02; contrastRatio(darkened, background) < AA_TEXT_CONTRAST; amount += 0.02) {
    darkened = darken(color, amount);
  }
  return darkened;
}

/**
 * The first of a palette's shades from `from` on that reaches AA on the background; when even
 * the darkest does not (green, yellow), the darkest one darkened until it does.
 */
export function readableShade(
  shades: MantineColorsTuple,
  from: number,
  background: string,
): string {
  const readable = shades
    .slice(from)
    .find((shade) => contrastRatio(shade, background) >= AA_TEXT_CONTRAST);
  return readable ?? darkenToContrast(shades[9], background);
}
