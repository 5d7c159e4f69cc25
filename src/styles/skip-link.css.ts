import { style } from '@vanilla-extract/css'
import { vars } from './theme.css'

/** "Skip to main content": the first stop of the keyboard on every page, shown once focused. */
export const skipLink = style({
  position: 'absolute',
  left: vars.space['2'],
  top: '-4rem',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  background: vars.color.surface,
  color: vars.color.brandStrong,
  borderRadius: vars.radius.sm,
  zIndex: vars.zIndex.toast,
  selectors: { '&:focus': { top: vars.space['2'] } },
})
