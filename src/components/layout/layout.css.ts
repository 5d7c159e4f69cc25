import { style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

export const skipLink = style({
  position: 'absolute',
  left: vars.space['2'],
  top: '-4rem',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  background: vars.color.brand,
  color: vars.color.textOnBrand,
  borderRadius: vars.radius.sm,
  zIndex: vars.zIndex.toast,
  selectors: { '&:focus': { top: vars.space['2'] } },
})

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const headerInner = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  minHeight: vars.size.headerHeight,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['4'],
})

export const brand = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xl,
  color: vars.color.brand,
  textDecoration: 'none',
  marginRight: 'auto',
})

export const navList = style({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  margin: 0,
  padding: 0,
})

export const navLink = style({
  display: 'inline-block',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[data-status="active"]': { color: vars.color.brand, fontWeight: vars.fontWeight.bold },
  },
})

export const actions = style({ display: 'flex', gap: vars.space['2'] })

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `0 ${vars.space['4']}`,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.brand}`,
  color: vars.color.brand,
  background: vars.color.surface,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
})

export const buttonPrimary = style([
  button,
  {
    background: vars.color.brand,
    color: vars.color.textOnBrand,
    selectors: { '&:hover': { background: vars.color.brandStrong } },
  },
])

export const main = style({ minHeight: '60vh' })

export const footer = style({
  background: vars.color.surfaceDark,
  color: vars.color.textOnBrand,
  padding: `${vars.space['10']} ${vars.space['4']}`,
})

export const footerInner = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [media.md]: { gridTemplateColumns: '2fr 1fr 1fr' } },
})

export const footerLink = style({ color: vars.color.textOnBrand })

export const footerList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
})

export const copyright = style({
  maxWidth: vars.size.content,
  margin: `${vars.space['8']} auto 0`,
  paddingTop: vars.space['4'],
  borderTop: '1px solid rgba(255, 255, 255, 0.2)',
  fontSize: vars.fontSize.sm,
})

export const footerForm = style({
  maxWidth: vars.size.content,
  margin: `0 auto ${vars.space['10']}`,
  padding: vars.space['6'],
  borderRadius: vars.radius.lg,
  background: 'rgba(255, 255, 255, 0.06)',
})
