import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export { fieldGrid as grid, muted, panel as section } from '../../styles/panel.css'

export const total = style({ fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold, margin: 0 })
