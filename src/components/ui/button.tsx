import {
  Button as AriaButton,
  type ButtonProps as AriaButtonProps,
  composeRenderProps,
} from 'react-aria-components'
import * as styles from './ui.css'

export interface ButtonProps extends AriaButtonProps {
  tone?: 'primary' | 'secondary' | 'quiet'
  block?: boolean
}

export function Button({ tone, block, className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (own) =>
        [styles.button({ tone, block }), own].filter(Boolean).join(' '),
      )}
    />
  )
}
