import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

/** The confirmation page's own parts; the rest is bookings.css.ts (panels, facts, links). */

/** The numbered steps: each a block with its heading, the number in the margin (inside it on a phone). */
export const steps = style({
  margin: 0,
  paddingLeft: vars.space['5'],
  display: 'grid',
  gap: vars.space['5'],
})

export const stepTitle = style({ margin: `0 0 ${vars.space['2']}`, fontSize: vars.fontSize.lg })

export const stepText = style({ margin: `0 0 ${vars.space['2']}` })

/** The documents due: one line each, wrapping on a narrow screen (name; need and due date; Upload). */
export const dueList = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space['2'],
})

export const dueItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  alignItems: 'baseline',
  paddingBottom: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
})

export const dueName = style({ fontWeight: vars.fontWeight.medium, flex: '1 1 10rem' })

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  marginBottom: vars.space['6'],
})
