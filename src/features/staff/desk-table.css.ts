import { globalStyle, style } from '@vanilla-extract/css'

/**
 * A desk table's cell content as one block (the operations queue, the pricing desk's sheets and lines): where the
 * table turns into cards (src/styles/table.css.ts `stacked`), a cell is a grid of its label and one value, so
 * everything in the cell stays in the value column beside its label; a badge in it wraps rather than
 * overflowing the card.
 */
export const cellValue = style({ minWidth: 0, maxWidth: '100%', overflowWrap: 'anywhere' })

globalStyle(`${cellValue} > span`, { whiteSpace: 'normal', maxWidth: '100%' })
