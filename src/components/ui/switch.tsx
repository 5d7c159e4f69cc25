import { type ReactNode, useId } from 'react'
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components'
import * as styles from './switch.css'

export interface SwitchProps extends Omit<AriaSwitchProps, 'children'> {
  label: ReactNode
  /** A line under the label saying what the switch does (its accessible description). */
  description?: ReactNode
}

/** An on/off switch (role switch): Space toggles it; the label names it, the description describes it. */
export function Switch({ label, description, ...props }: SwitchProps) {
  const descriptionId = useId()
  return (
    <div className={styles.item}>
      <AriaSwitch
        {...props}
        aria-describedby={description ? descriptionId : undefined}
        className={styles.row}
      >
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        <span className={styles.label}>{label}</span>
      </AriaSwitch>
      {description ? (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      ) : null}
    </div>
  )
}
