import { style } from '@vanilla-extract/css'
import * as tables from '../../styles/table.css'
import { media, vars } from '../../styles/theme.css'

export { muted } from '../../styles/panel.css'

export const page = style({ display: 'grid', gap: vars.space['6'], minWidth: 0 })

/** Activity beside the figures on a wide screen; one after the other on a phone. */
export const columns = style({
  display: 'grid',
  gap: vars.space['6'],
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
})

export const greeting = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
})

export const welcome = style({ margin: 0, fontSize: vars.fontSize.lg })

/** One line that keeps its height whatever it says (see AttentionSummary). */
export const summary = style({
  margin: 0,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  color: vars.color.textMuted,
})

export const summaryLink = style({ color: vars.color.danger, fontWeight: vars.fontWeight.bold })

export const company = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.md })

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
})

export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  minWidth: 0,
  '@media': { [media.md]: { padding: vars.space['5'] } },
})

export const title = style({ fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space['3']}` })

export const offer = style({
  background: vars.color.brandSoft,
  borderLeft: `6px solid ${vars.color.accent}`,
  borderRadius: vars.radius.md,
  padding: vars.space['4'],
  '@media': { [media.md]: { padding: `${vars.space['4']} ${vars.space['6']}` } },
})

export const offerTitle = style({
  fontSize: vars.fontSize.xl,
  margin: `0 0 ${vars.space['2']}`,
  color: vars.color.brand,
})

export const offerText = style({ margin: `0 0 ${vars.space['3']}` })

export const empty = style({ color: vars.color.textMuted, margin: 0 })

export const alert = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
})

export const alertText = style({ margin: 0 })

export const link = style({
  color: vars.color.brand,
  fontWeight: vars.fontWeight.medium,
  // A finger-sized target on a phone without spreading the lines apart.
  display: 'inline-block',
  paddingBlock: vars.space['1'],
})

export const list = style({ listStyle: 'none', margin: 0, padding: 0 })

export const item = style({
  display: 'grid',
  gap: vars.space['1'],
  padding: `${vars.space['3']} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none', paddingTop: 0 } },
})

export const itemHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
})

export const detail = style({ margin: 0, overflowWrap: 'anywhere' })

export const cards = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
})

export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  display: 'grid',
  gap: vars.space['2'],
  alignContent: 'start',
})

export const cardHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
})

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
})

export const term = style({ fontWeight: vars.fontWeight.medium, color: vars.color.textMuted })

export const definition = style({ margin: 0, overflowWrap: 'anywhere' })

export const activityTime = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const tiles = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 8.5rem), 1fr))',
  margin: `0 0 ${vars.space['5']}`,
})

export const tile = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  justifyContent: 'flex-end',
  gap: vars.space['1'],
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
})

export const tileLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const tileValue = style({
  margin: 0,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.brand,
})

export const subtitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space['2']}` })

export const chart = style({
  width: '100%',
  maxWidth: '32rem',
  height: 'auto',
  marginBottom: vars.space['3'],
})

export const chartLabel = style({
  fill: vars.color.text,
  fontSize: '13px',
  fontWeight: vars.fontWeight.medium,
})

export const chartValue = style({
  fill: vars.color.textMuted,
  fontSize: '12px',
  fontVariantNumeric: 'tabular-nums',
})

export const chartTrack = style({ fill: vars.color.surfaceAlt })

export const chartBar = style({ fill: vars.color.brand })

export const table = style([tables.table, { fontSize: vars.fontSize.sm }])

export const caption = style({
  textAlign: 'left',
  fontWeight: vars.fontWeight.medium,
  marginBottom: vars.space['2'],
})

export { headCell, headMoney, money, rowHead } from '../../styles/table.css'

export const totalRow = style({ fontWeight: vars.fontWeight.bold })
