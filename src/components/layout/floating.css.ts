import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

const floating = {
  position: 'fixed',
  right: vars.space['4'],
  zIndex: vars.zIndex.header,
  display: 'inline-grid',
  placeItems: 'center',
  width: '3.25rem',
  height: '3.25rem',
  borderRadius: vars.radius.pill,
  boxShadow: vars.shadow.md,
} as const

export const whatsApp = style({
  ...floating,
  bottom: vars.space['4'],
  // WhatsApp green darkened until white on it passes WCAG AA.
  background: '#0b7a3e',
  color: '#ffffff',
  selectors: { '&:hover': { background: '#075e2f' } },
})

export const toTop = style({
  ...floating,
  bottom: `calc(${vars.space['4']} + 4rem)`,
  border: 0,
  background: vars.color.brand,
  color: vars.color.textOnBrand,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brandStrong } },
})
