import type { ButtonHTMLAttributes, Ref } from 'react'
import * as styles from './ui.css'

/**
 * The product's button: a native button, no React Aria (issue 37). None of its uses sits in a React Aria
 * trigger (the menus and pickers use React Aria's own), and a click, Enter and Space are what a button needs;
 * React Aria's press handling was most of its shared chunk on the sign-in pages (docs/hydration.md).
 */
export interface ButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'onClick' | 'type'> {
  tone?: 'primary' | 'secondary' | 'quiet'
  block?: boolean
  type?: 'button' | 'submit' | 'reset'
  onPress?: () => void
  isDisabled?: boolean | undefined
  ref?: Ref<HTMLButtonElement>
}

export function Button({
  tone,
  block,
  className,
  type = 'button',
  onPress,
  isDisabled,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={isDisabled}
      onClick={onPress ? () => onPress() : undefined}
      className={[styles.button({ tone, block }), className].filter(Boolean).join(' ')}
    />
  )
}
