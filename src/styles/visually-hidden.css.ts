import { style } from '@vanilla-extract/css'

/** Read by screen readers, not shown: a table's caption, a status line, an icon button's name. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
})
