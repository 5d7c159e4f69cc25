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
