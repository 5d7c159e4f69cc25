import { globalStyle, style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

/** The contact page's "Other ways to reach us": the company's details beside the form. */
export const otherWays = style({ marginTop: vars.space['10'], maxWidth: vars.size.prose })

export const details = style({
  fontStyle: 'normal',
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

globalStyle(`${details} p`, { margin: 0 })

export const line = style({ display: 'block' })

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
})
