import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { media, vars } from '../../styles/theme.css'

export const strip = recipe({
  base: {
    display: 'grid',
    gap: vars.space['3'],
    alignItems: 'end',
    '@media': { [media.md]: { gridTemplateColumns: '1fr 1fr 1fr auto' } },
  },
  variants: {
    tone: {
      light: {},
      raised: {
        padding: vars.space['5'],
        borderRadius: vars.radius.lg,
        background: vars.color.surface,
        boxShadow: vars.shadow.lg,
      },
    },
  },
})

export const field = style({ display: 'grid', gap: vars.space['1'] })

export const label = style({
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
})

export const input = style({
  minHeight: '2.75rem',
  width: '100%',
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
})

export const submit = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '2.75rem',
  padding: `0 ${vars.space['6']}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.textOnBrand,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.04em',
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.accentStrong } },
})
