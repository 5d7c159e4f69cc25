import { globalStyle, style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

export { skipLink } from '../../styles/skip-link.css'

export const shell = style({ minHeight: '100vh', display: 'grid', gridTemplateRows: 'auto 1fr' })

export const topBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: `${vars.space['2']} ${vars.space['4']}`,
  background: vars.color.surfaceDark,
  color: vars.color.textOnBrand,
})

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontWeight: vars.fontWeight.bold,
  marginRight: 'auto',
})

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  width: '100%',
  order: 3,
  '@media': { [media.md]: { width: 'auto', order: 0 } },
})

export const navLink = style({
  color: vars.color.textOnBrand,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  textDecoration: 'none',
  selectors: {
    '&[data-status="active"]': { background: 'rgba(255, 255, 255, 0.16)', fontWeight: vars.fontWeight.bold },
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

export const who = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
})

export const main = style({
  padding: `${vars.space['6']} ${vars.space['4']}`,
  maxWidth: '72rem',
  width: '100%',
  margin: '0 auto',
  minWidth: 0,
  ':focus': { outline: 'none' },
})

export const lead = style({ color: vars.color.textMuted })

export const cards = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))',
  padding: 0,
  listStyle: 'none',
})

export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['4'],
  background: vars.color.surface,
})

export const qr = style({
  width: '12rem',
  height: '12rem',
  display: 'block',
  margin: `${vars.space['4']} auto`,
})
globalStyle(`${qr} svg`, { width: '100%', height: '100%' })

export const secret = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  wordBreak: 'break-all',
})

export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space['2'],
  fontFamily: vars.font.mono,
  padding: 0,
  listStyle: 'none',
})

export const error = style({
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  marginBottom: vars.space['4'],
})

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.brand,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  marginTop: vars.space['4'],
})
