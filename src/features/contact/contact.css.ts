import { style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

export const form = style({
  display: 'grid',
  columnGap: vars.space['4'],
  '@media': { [media.md]: { gridTemplateColumns: '1fr 1fr' } },
})

export const wide = style({ '@media': { [media.md]: { gridColumn: '1 / -1' } } })

export const phoneRow = style({
  display: 'grid',
  gridTemplateColumns: '7rem 1fr',
  columnGap: vars.space['3'],
})

export const textarea = style({ minHeight: '7rem', resize: 'vertical' })

/** The footer variant sits on the dark footer: labels in light text. */
export const onDark = style({ color: vars.color.textOnBrand })
