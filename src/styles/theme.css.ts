import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css'

/** The theme contract: every design token the components may use. */
export const vars = createThemeContract({
  color: {
    brand: null,
    brandStrong: null,
    brandSoft: null,
    accent: null,
    accentStrong: null,
    text: null,
    textMuted: null,
    textOnBrand: null,
    surface: null,
    surfaceAlt: null,
    surfaceDark: null,
    border: null,
    focus: null,
    danger: null,
    dangerSoft: null,
    success: null,
    successSoft: null,
    overlay: null,
  },
  font: { body: null, heading: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, '2xl': null, '3xl': null, '4xl': null },
  lineHeight: { tight: null, normal: null, relaxed: null },
  fontWeight: { regular: null, medium: null, bold: null },
  space: {
    '0': null,
    '1': null,
    '2': null,
    '3': null,
    '4': null,
    '5': null,
    '6': null,
    '8': null,
    '10': null,
    '12': null,
    '16': null,
  },
  radius: { sm: null, md: null, lg: null, pill: null },
  shadow: { sm: null, md: null, lg: null },
  size: { content: null, prose: null, headerHeight: null, sidebar: null },
  zIndex: { header: null, overlay: null, dialog: null, toast: null },
})

/** The one theme: a deep navy brand with a warm orange accent, contrast checked against WCAG AA. */
createGlobalTheme(':root', vars, {
  color: {
    brand: '#0b3b75',
    brandStrong: '#072a55',
    brandSoft: '#e8f0fb',
    accent: '#c2410c',
    accentStrong: '#9a3412',
    text: '#1a2233',
    textMuted: '#4a5568',
    textOnBrand: '#ffffff',
    surface: '#ffffff',
    surfaceAlt: '#f4f7fb',
    surfaceDark: '#0a1f3d',
    border: '#d5dde8',
    focus: '#1d6fe0',
    danger: '#b42318',
    dangerSoft: '#fdecea',
    success: '#146c43',
    successSoft: '#e6f4ea',
    overlay: 'rgba(7, 20, 40, 0.55)',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    '2xl': '1.75rem',
    '3xl': 'clamp(1.75rem, 1.2rem + 2vw, 2.5rem)',
    '4xl': 'clamp(2rem, 1.3rem + 3vw, 3.25rem)',
  },
  lineHeight: { tight: '1.2', normal: '1.5', relaxed: '1.7' },
  fontWeight: { regular: '400', medium: '500', bold: '700' },
  space: {
    '0': '0',
    '1': '0.25rem',
    '2': '0.5rem',
    '3': '0.75rem',
    '4': '1rem',
    '5': '1.25rem',
    '6': '1.5rem',
    '8': '2rem',
    '10': '2.5rem',
    '12': '3rem',
    '16': '4rem',
  },
  radius: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
  shadow: {
    sm: '0 1px 2px rgba(16, 24, 40, 0.08)',
    md: '0 4px 12px rgba(16, 24, 40, 0.12)',
    lg: '0 12px 32px rgba(16, 24, 40, 0.18)',
  },
  size: { content: '72rem', prose: '44rem', headerHeight: '4rem', sidebar: '15rem' },
  zIndex: { header: '100', overlay: '900', dialog: '1000', toast: '1100' },
})

/** Breakpoints, in px: media queries cannot read custom properties. */
export const breakpoints = { sm: 480, md: 768, lg: 1024, xl: 1280 } as const

export const media = {
  /** Below md: a phone, where tables become cards. */
  phone: 'screen and (max-width: 47.99rem)',
  md: `screen and (min-width: ${breakpoints.md}px)`,
  lg: `screen and (min-width: ${breakpoints.lg}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const
