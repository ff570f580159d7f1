import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  Modal,
  Notification,
} from '@mantine/core';
import { darkenToContrast, readableShade } from './readable-color.ts';

/** The app's Mantine theme: system fonts only (nothing is downloaded), named close buttons. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  components: {
    // A notification's close button is an icon: give it a name for screen readers. Under a title,
    // its text is gray 6 (3.3:1 on white); the dimmed colour reaches AA.
    // A dialog's × button is an icon too.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

/**
 * The light scheme's colour variables, moved to shades whose text reaches WCAG AA (4.5:1): each
 * colour's text, links, outlines and filled backgrounds (under white text) on off-white, its light
 * variant's text on its light background, and dimmed text on white, gray and tinted surfaces.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const white = resolved.white;
  // Text is measured on the off-white of code blocks and hovered rows, so it holds on white too.
  const offWhite = resolved.colors.gray[0];
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(resolved.colors)) {
    const text = readableShade(shades, 6, offWhite);
    const index = shades.indexOf(text);
    const hover = index >= 0 && index < 9 ? shades[index + 1] : darken(text, 0.1);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-filled`] = text;
    light[`--mantine-color-${name}-filled-hover`] = hover ?? text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableShade(shades, 9, shades[1]);
  }
  const surfaces = [
    white,
    resolved.colors.gray[1],
    ...Object.entries(resolved.colors)
      .filter(([name]) => name !== 'dark')
      .map(([, shades]) => shades[0]),
  ];
  const darkestSurface = surfaces.reduce((darkest, each) =>
    luminance(each) < luminance(darkest) ? each : darkest,
  );
  const primaryText = light[`--mantine-color-${resolved.primaryColor}-text`] ?? '';
  const dimmed = darkenToContrast(resolved.colors.gray[6], darkestSurface);
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-anchor': primaryText,
      '--mantine-color-dimmed': dimmed,
      '--mantine-color-placeholder': dimmed,
      '--mantine-color-error': light['--mantine-color-red-text'] ?? '',
      '--mantine-color-success': light['--mantine-color-teal-text'] ?? '',
    },
    dark: {},
  };
};
