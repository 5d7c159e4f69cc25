import { style } from '@vanilla-extract/css'

/** A number with its unit ("20,000 kg") never breaks between them. */
export const quantity = style({ whiteSpace: 'nowrap' })
