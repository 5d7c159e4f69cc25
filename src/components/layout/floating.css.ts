import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css'

/**
 * A form being filled in: a field, a form's button or an open list has the focus. Below the desktop's width
 * the floating buttons then step aside: they sat over the fields and their buttons (Confirm Password's Show,
 * the Country field on /register), and the phone's keyboard pushes them further up over the form.
 */
const filling =
  'html:has(form:focus-within, input:focus, textarea:focus, select:focus, [role=listbox]:focus-within) &'

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
  '@media': {
    [`screen and (max-width: ${breakpoints.lg - 0.02}px)`]: { selectors: { [filling]: { display: 'none' } } },
  },
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
