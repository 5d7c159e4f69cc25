import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

// The table, the form and the row messages are the Team page's: one look across the console.
export {
  actionCell,
  body,
  caption,
  cell,
  form,
  formActions,
  head,
  headCell,
  inactiveRow,
  note,
  page,
  roles as scopes,
  rowActions,
  rowMessage,
  section,
  table,
  tableRow,
  titleCell,
} from './team.css'

/** The secret of the key just made: set apart until the admin is done with it. */
export const secretPanel = style({
  marginTop: vars.space['4'],
  padding: vars.space['4'],
  border: `2px solid ${vars.color.success}`,
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  display: 'grid',
  gap: vars.space['3'],
  maxWidth: '48rem',
})

export const secretValue = style({
  display: 'block',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  padding: vars.space['2'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  overflowWrap: 'anywhere',
  userSelect: 'all',
  margin: 0,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})

export const warning = style({ fontWeight: vars.fontWeight.bold, margin: 0 })

export const prefix = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' })

export const scopeList = style({ margin: 0, paddingLeft: vars.space['4'] })
