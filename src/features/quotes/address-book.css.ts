import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export { muted, notice, row } from '../../styles/panel.css'

/** The saved parties of the manage view: one card each, wrapping at 320 px. */
export const entries = style({ listStyle: 'none', margin: `0 0 ${vars.space['4']}`, padding: 0 })

export const entry = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: `${vars.space['3']} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
})

export const entryName = style({ fontWeight: vars.fontWeight.bold })

export const address = style({ whiteSpace: 'pre-line' })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] })

/** The manage view scrolls within the dialog on a small screen. */
export const body = style({ maxHeight: '60vh', overflowY: 'auto' })

export const manage = style({ marginBottom: vars.space['4'] })
