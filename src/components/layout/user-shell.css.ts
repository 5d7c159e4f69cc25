import { style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

export const shell = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  '@media': { [media.lg]: { gridTemplateColumns: `${vars.size.sidebar} 1fr`, gridTemplateRows: 'auto 1fr' } },
})

export const topBar = style({
  gridColumn: '1 / -1',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['4'],
  minHeight: vars.size.headerHeight,
  padding: `0 ${vars.space['4']}`,
  background: vars.color.brand,
  color: vars.color.textOnBrand,
})

export const brand = style({
  color: vars.color.textOnBrand,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
})

export const pageTitle = style({ fontSize: vars.fontSize.lg, margin: 0, fontWeight: vars.fontWeight.medium })

export const sideMenu = style({
  background: vars.color.surfaceAlt,
  borderRight: `1px solid ${vars.color.border}`,
  padding: vars.space['4'],
})

export const menuList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['1'],
})

export const menuLink = style({
  display: 'block',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.brandSoft },
    '&[data-status="active"]': { background: vars.color.brand, color: vars.color.textOnBrand },
  },
})

export const content = style({ padding: vars.space['6'], minWidth: 0 })

export const user = style({ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: vars.space['2'] })

export const flag = style({ borderRadius: '2px', boxShadow: '0 0 0 1px rgba(255, 255, 255, 0.4)' })

export const userButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '2.75rem',
  padding: `0 ${vars.space['3']}`,
  border: '1px solid rgba(255, 255, 255, 0.5)',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textOnBrand,
  font: 'inherit',
  cursor: 'pointer',
  selectors: { '&[data-focus-visible]': { outline: '3px solid #ffffff', outlineOffset: '2px' } },
})

export const popover = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  minWidth: '10rem',
})

export const menu = style({ outline: 'none', padding: vars.space['1'] })

export const menuItem = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.brandSoft },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` },
  },
})
