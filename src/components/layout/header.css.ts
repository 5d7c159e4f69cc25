import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { breakpoints, media, vars } from '../../styles/theme.css'

export { skipLink } from '../../styles/skip-link.css'

/** Dark over the page top; once scrolled, light and blurred. Steps aside when scrolling down past 500 px. */
export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  background: vars.color.brandStrong,
  color: vars.color.textOnBrand,
  transition: 'transform 200ms ease, background-color 200ms ease',
  selectors: {
    '&[data-scrolled]': {
      background: 'rgba(255, 255, 255, 0.88)',
      color: vars.color.text,
      backdropFilter: 'blur(10px)',
      boxShadow: vars.shadow.sm,
    },
    '&[data-hidden]': { transform: 'translateY(-100%)' },
  },
})

export const headerInner = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  minHeight: vars.size.headerHeight,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
})

export const brand = style({
  display: 'grid',
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.tight,
  color: 'inherit',
  textDecoration: 'none',
  marginRight: 'auto',
})

export const tagline = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.regular,
  opacity: 0.9,
  '@media': {
    [`screen and (min-width: ${breakpoints.md}px) and (max-width: ${breakpoints.lg - 1}px)`]: {
      display: 'none',
    },
  },
})

export const desktopNav = style({
  display: 'none',
  '@media': { [media.md]: { display: 'block' } },
})

export const navList = style({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'nowrap',
  alignItems: 'center',
  gap: 0,
  margin: 0,
  padding: 0,
})

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `0 ${vars.space['2']}`,
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  '@media': { [media.lg]: { fontSize: vars.fontSize.md } },
  selectors: {
    '&:hover': { textDecoration: 'underline', textUnderlineOffset: '0.3em' },
    '&[data-status="active"]': { fontWeight: vars.fontWeight.bold },
  },
})

export const dropdown = style({ position: 'relative', display: 'flex', alignItems: 'center' })

export const chevron = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.75rem',
  minHeight: '2.75rem',
  padding: 0,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
})

globalStyle(`${chevron}[aria-expanded="true"] svg`, { transform: 'rotate(180deg)' })

export const panel = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  minWidth: '15rem',
  margin: 0,
  padding: vars.space['2'],
  listStyle: 'none',
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  border: `1px solid ${vars.color.border}`,
})

export const panelLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '2.5rem',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.brandSoft, color: vars.color.brandStrong },
    '&[data-status="active"]': { fontWeight: vars.fontWeight.bold, color: vars.color.brand },
  },
})

export const subPanel = style({
  listStyle: 'none',
  margin: `0 0 ${vars.space['1']} ${vars.space['4']}`,
  padding: `0 0 0 ${vars.space['2']}`,
  borderLeft: `2px solid ${vars.color.border}`,
})

export const subPanelLink = style([panelLink, { minHeight: '2.25rem', fontSize: vars.fontSize.sm }])

export const actions = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space['2'],
  '@media': { [media.md]: { display: 'flex' } },
})

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '2.75rem',
  padding: `0 ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
  border: '2px solid currentColor',
  color: 'inherit',
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
})

export const buttonPrimary = style([
  button,
  {
    borderColor: vars.color.accent,
    background: vars.color.accent,
    color: vars.color.textOnBrand,
    selectors: { '&:hover': { background: vars.color.accentStrong, borderColor: vars.color.accentStrong } },
  },
])

export const quoteLink = style({
  color: 'inherit',
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
  padding: `0 ${vars.space['2']}`,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  '@media': {
    [`screen and (max-width: 1100px) and ${media.md.replace('screen and ', '')}`]: { display: 'none' },
  },
})

export const menuButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '2.75rem',
  padding: `0 ${vars.space['3']}`,
  border: '2px solid currentColor',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  '@media': { [media.md]: { display: 'none' } },
})

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })
const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } })

export const mobileOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  background: vars.color.overlay,
  selectors: { '&[data-entering]': { animation: `${fadeIn} 200ms ease-out` } },
})

export const mobileModal = style({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: 'min(22rem, 88vw)',
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  overflowY: 'auto',
  selectors: { '&[data-entering]': { animation: `${slideIn} 220ms ease-out` } },
})

export const mobileDialog = style({ padding: vars.space['4'], outline: 'none' })

export const mobileTop = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' })

export const mobileHeading = style({ fontSize: vars.fontSize.xl, margin: 0 })

export const mobileClose = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
})

export const mobileList = style({ listStyle: 'none', margin: `${vars.space['4']} 0`, padding: 0 })

export const mobileSubList = style({
  listStyle: 'none',
  margin: `0 0 0 ${vars.space['4']}`,
  padding: `0 0 0 ${vars.space['2']}`,
  borderLeft: `2px solid ${vars.color.border}`,
})

export const mobileLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `0 ${vars.space['2']}`,
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { background: vars.color.brandSoft },
    '&[data-status="active"]': { fontWeight: vars.fontWeight.bold, color: vars.color.brand },
  },
})

export const mobileActions = style({
  display: 'grid',
  gap: vars.space['2'],
  color: vars.color.brand,
  paddingTop: vars.space['4'],
  borderTop: `1px solid ${vars.color.border}`,
})
