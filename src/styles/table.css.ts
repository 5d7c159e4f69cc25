import { type StyleRule, style } from '@vanilla-extract/css'
import { media, vars } from './theme.css'

/**
 * The logged-in pages' tables, defined once: cells, column heads, row heads and amounts look the same in
 * My Bookings, My Quotes, a quote and the dashboard. `stacked` turns a table into cards where its page's
 * column is narrow, each row a card and each cell labelled with its column's name (its `data-label`). A
 * feature's stylesheet re-exports what it uses and adds only its own margins.
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

/** Where a stacked table turns into cards: a media query, or a container query on the page's column. */
type Where = { '@media': string } | { '@container': string }

const at = (where: Where, rules: StyleRule) =>
  '@media' in where
    ? { '@media': { [where['@media']]: rules } }
    : { '@container': { [where['@container']]: rules } }

const visuallyHidden: StyleRule = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
}

/** A table that turns into cards `where`: each row a card, each cell with its column's name (`data-label`). */
function stackedTable(where: Where) {
  return {
    table: style(at(where, { display: 'block' })),
    /** The caption, if any, above the cards. */
    caption: style(at(where, { display: 'block', textAlign: 'left' })),
    /** The column heads stay for screen readers only. */
    head: style(at(where, visuallyHidden)),
    /** The cards side by side where two fit (a tablet), one above the other on a phone. */
    body: style(
      at(where, {
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
        gap: vars.space['3'],
      }),
    ),
    row: style(
      at(where, {
        display: 'block',
        border: `1px solid ${vars.color.border}`,
        borderRadius: vars.radius.md,
        padding: vars.space['3'],
      }),
    ),
    cell: style(
      at(where, {
        display: 'grid',
        gridTemplateColumns: '7rem minmax(0, 1fr)',
        justifyItems: 'start',
        // A label on two lines does not stretch a badge beside it into a tall pill.
        alignItems: 'baseline',
        gap: vars.space['2'],
        border: 'none',
        padding: `${vars.space['1']} 0`,
        textAlign: 'left',
        selectors: {
          '&::before': {
            content: 'attr(data-label)',
            fontWeight: vars.fontWeight.medium,
            color: vars.color.textMuted,
          },
        },
      }),
    ),
    /** The cell that names the row (a carrier, a quote number): the card's title, unlabelled. */
    title: style(
      at(where, {
        display: 'block',
        border: 'none',
        padding: `0 0 ${vars.space['2']}`,
        fontWeight: vars.fontWeight.bold,
      }),
    ),
    /** The row's buttons and links: a line of their own at the card's foot, unlabelled. */
    action: style(at(where, { display: 'block', border: 'none', padding: `${vars.space['2']} 0 0` })),
  }
}

/**
 * The name of the logged-in page's column as a size container (src/components/layout/user-shell.css.ts):
 * a list turns into cards by the room it has, not by the screen (a laptop with the side menu has less).
 */
export const pageContainer = 'page'

/** Lists of many columns (My Bookings, My Quotes, a quote's options): cards below 60rem of column. */
export const stacked = stackedTable({ '@container': `${pageContainer} (max-width: 60rem)` })

/** A table whose rows a phone lays out itself (the charges): only its frame, on a phone. */
export const stackedOnPhone = stackedTable({ '@media': phone })
