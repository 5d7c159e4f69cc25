import { style } from '@vanilla-extract/css'
import * as tables from '../../styles/table.css'
import { media, vars } from '../../styles/theme.css'

/**
 * A quote's or a booking's charges. On wide screens a table; on a phone a receipt: each charge on two lines,
 * its name with its USD amount, then its quantity, unit price and own-currency amount, small. The rows are
 * flex lines whose `::after` breaks the line after the USD amount (an item of the flex line, 100 % wide).
 */
const phone = media.phone

export const table = style([tables.table, tables.stackedOnPhone.table, { marginBottom: vars.space['4'] }])
export const head = tables.stackedOnPhone.head
export const body = style({ '@media': { [phone]: { display: 'block' } } })
export { headCell, headMoney } from '../../styles/table.css'

export const groupHead = style([
  tables.cell,
  {
    fontWeight: vars.fontWeight.bold,
    '@media': { [phone]: { display: 'block', padding: `${vars.space['3']} 0 ${vars.space['1']}` } },
  },
])

export const groupRow = style({ '@media': { [phone]: { display: 'block' } } })

export const row = style({
  '@media': {
    [phone]: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'baseline',
      columnGap: '0.3em',
      padding: `${vars.space['2']} 0`,
      borderBottom: `1px solid ${vars.color.border}`,
      selectors: { '&::after': { content: '""', order: 3, flexBasis: '100%', height: 0 } },
    },
  },
})

const onPhone = { border: 'none', padding: 0 }

export const name = style([
  tables.cell,
  { '@media': { [phone]: { ...onPhone, order: 1, flex: '1 1 0', minWidth: 0 } } },
])

export const usd = style([tables.money, { '@media': { [phone]: { ...onPhone, order: 2, flex: 'none' } } }])

/** Quantity, unit price and own-currency amount: one small line under the name on a phone. */
const detailLine = style({
  '@media': {
    [phone]: {
      ...onPhone,
      order: 4,
      flex: 'none',
      textAlign: 'left',
      fontSize: vars.fontSize.sm,
      color: vars.color.textMuted,
      selectors: {
        // Read as a sum: "2 × 40HC @ SGD 350.00 = SGD 700.00".
        '&[data-part="unit"]::before': { content: '"@ "' },
        '&[data-part="amount"]::before': { content: '"= "' },
        // The amount in USD already stands on the first line.
        '&[data-same-currency]': { display: 'none' },
      },
    },
  },
})

export const detailText = style([tables.cell, detailLine])
export const detail = style([tables.money, detailLine])

export const total = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 })

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: 'normal' })
