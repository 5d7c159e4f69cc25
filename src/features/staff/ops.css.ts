import { style } from '@vanilla-extract/css'
import { media, vars } from '../../styles/theme.css'

export { cellValue } from './desk-table.css'

/** The operations desk looks like the sales desk: its tables (cards below 60rem), tabs, facts and forms. */
export {
  actionCell,
  actions,
  badge,
  body,
  caption,
  cell,
  fact,
  factName,
  facts,
  factValue,
  formGrid,
  head,
  headCell,
  link,
  muted,
  nativeInput,
  note,
  page,
  rowMessage,
  section,
  tab,
  tabList,
  table,
  tableRow,
  titleCell,
  wide,
} from './sales-desk.css'

export const count = style({ fontWeight: vars.fontWeight.regular, color: vars.color.textMuted })

export const smallHeading = style({ fontSize: vars.fontSize.md, margin: `0 0 ${vars.space['2']}` })

export const filters = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['3'],
  marginBottom: vars.space['4'],
})

/** The booking beside its conversation on a wide screen; one column on a narrow one. */
export const layout = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@container': { '(min-width: 70rem)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(18rem, 1fr)' } },
})

export const panel = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['4'],
  marginTop: vars.space['6'],
  minWidth: 0,
})

export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space['2'] })

export const item = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  overflowWrap: 'anywhere',
  minWidth: 0,
})

export const itemActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  marginTop: vars.space['2'],
})

/** A file's preview: as wide as the column, a page's height for a PDF. */
export const preview = style({
  width: '100%',
  height: '32rem',
  maxHeight: '70vh',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
})

export const previewImage = style({
  maxWidth: '100%',
  height: 'auto',
  display: 'block',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const reason = style({ width: '100%', minHeight: '5rem' })

/**
 * The confirm form's grid from 1024 px (six tracks: the carrier's booking in halves, vessel, IMO and voyage in
 * thirds, every date and time in halves, wide enough for the browser's date-time field and its calendar
 * button); one field above the other below 1024 px. Every field stays inside its track (`minWidth: 0`).
 */
export const confirmGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: `0 ${vars.space['4']}`,
  alignItems: 'start',
  '@media': { [media.lg]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' } },
})

const spanAt = (tracks: number) =>
  style({ minWidth: 0, '@media': { [media.lg]: { gridColumn: `span ${tracks}` } } })

export const span = { third: spanAt(2), half: spanAt(3), whole: spanAt(6) }

/** What the customer was quoted, above the form it starts. */
export const quoted = style({
  margin: `0 0 ${vars.space['4']}`,
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
})
