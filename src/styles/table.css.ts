import { style } from '@vanilla-extract/css'
import { media, vars } from './theme.css'

/**
 * The logged-in pages' tables, defined once: cells, column heads, row heads and amounts look the same in
 * My Bookings, My Quotes, a quote and the dashboard. `stacked` turns a table into cards on a phone, each
 * row a card and each cell labelled with its column's name (its `data-label`). A feature's stylesheet
 * re-exports what it uses and adds only its own margins.
 */
const phone = media.phone

export const table = style({ width: '100%', borderCollapse: 'collapse' })

const padded = { padding: `${vars.space['2']} ${vars.space['3']}` }
const amount = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

export const cell = style({
  ...padded,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
})

export const money = style([cell, amount])

export const headCell = style({
  ...padded,
  borderBottom: `2px solid ${vars.color.border}`,
  textAlign: 'left',
})

export const headMoney = style([headCell, { textAlign: 'right' }])

export const rowHead = style([cell, { fontWeight: vars.fontWeight.medium }])

/** A table on wide screens; on a phone each row a card, each cell with its column's name. */
export const stacked = {
  table: style({ '@media': { [phone]: { display: 'block' } } }),
  /** The column heads stay for screen readers only. */
  head: style({
    '@media': {
      [phone]: {
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      },
    },
  }),
  body: style({ '@media': { [phone]: { display: 'block' } } }),
  row: style({
    '@media': {
      [phone]: {
        display: 'block',
        border: `1px solid ${vars.color.border}`,
        borderRadius: vars.radius.md,
        padding: vars.space['3'],
        marginBottom: vars.space['3'],
      },
    },
  }),
  cell: style({
    '@media': {
      [phone]: {
        display: 'grid',
        gridTemplateColumns: '7rem 1fr',
        justifyItems: 'start',
        gap: vars.space['2'],
        border: 'none',
        padding: `${vars.space['1']} 0`,
        selectors: {
          '&::before': {
            content: 'attr(data-label)',
            fontWeight: vars.fontWeight.medium,
            color: vars.color.textMuted,
          },
        },
      },
    },
  }),
}
