import { style } from '@vanilla-extract/css'
import { pageContainer } from '../../styles/table.css'
import { media, vars } from '../../styles/theme.css'

export const shell = style({
  minHeight: '100vh',
  display: 'grid',
  // minmax(0, …): a wide table scrolls or stacks inside the page's column, never widens the page.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: 'auto auto 1fr',
  '@media': {
    [media.lg]: { gridTemplateColumns: `${vars.size.sidebar} minmax(0, 1fr)`, gridTemplateRows: 'auto 1fr' },
  },
})

export { skipLink } from '../../styles/skip-link.css'

export const topBar = style({
  gridColumn: '1 / -1',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minWidth: 0,
  minHeight: vars.size.headerHeight,
  padding: `0 ${vars.space['4']}`,
  background: vars.color.brand,
  color: vars.color.textOnBrand,
})

export const brand = style({
  flex: 'none',
  color: vars.color.textOnBrand,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
})

/** One line, cut with an ellipsis when the bar is narrow (a booking number beside a long name). */
export const pageTitle = style({
  flex: '1 1 auto',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.lg,
  margin: 0,
  fontWeight: vars.fontWeight.medium,
})

/**
 * A column beside the page from lg up; below, one line of tabs under the top bar that scrolls sideways
 * within itself (the page never does), the current entry brought into view.
 */
export const sideMenu = style({
  background: vars.color.surfaceAlt,
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  overflowX: 'auto',
  scrollbarWidth: 'thin',
  '@media': {
    [media.lg]: {
      borderBottom: 'none',
      borderRight: `1px solid ${vars.color.border}`,
      padding: vars.space['4'],
      overflowX: 'visible',
    },
  },
})

export const menuList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space['1'],
  whiteSpace: 'nowrap',
  '@media': { [media.lg]: { display: 'grid', whiteSpace: 'normal' } },
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

export const content = style({
  padding: vars.space['4'],
  minWidth: 0,
  // Lists turn into cards by the room the page's column has (src/styles/table.css.ts).
  containerType: 'inline-size',
  containerName: pageContainer,
  // The skip link focuses the page's content; the focus ring would frame the whole page.
  outline: 'none',
  '@media': { [media.md]: { padding: vars.space['6'] } },
})

export const user = style({
  flex: 'none',
  marginLeft: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
})

/** The user's name on the bar from md up; below, their initials (the button's label names them in full). */
export const userName = style({ display: 'none', '@media': { [media.md]: { display: 'inline' } } })
export const initials = style({ '@media': { [media.md]: { display: 'none' } } })

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
  selectors: {
    '&:focus-visible, &[data-focus-visible]': { outline: '3px solid #ffffff', outlineOffset: '2px' },
  },
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
