import { site } from '../../content/site'
import { visuallyHidden } from '../../styles/visually-hidden.css'
import * as styles from './floating.css'

const singapore = site.contact.whatsapp.find((number) => number.region === 'SG')

/** The floating WhatsApp chat button (spec section 2): public pages, /login and /register. */
export function WhatsAppButton() {
  if (!singapore) return null
  return (
    <a
      href={singapore.href}
      className={styles.whatsApp}
      rel="noopener"
      target="_blank"
      data-testid="whatsapp-button"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
        <path
          fill="currentColor"
          d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 23.7a10.7 10.7 0 0 1-5.5-1.5l-.4-.2-3.9 1 1-3.8-.2-.4A10.7 10.7 0 1 1 16 26.7zm5.9-8c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7 0a8.8 8.8 0 0 1-2.6-1.6 9.8 9.8 0 0 1-1.8-2.3c-.2-.3 0-.5.1-.7l.5-.6.3-.5a.6.6 0 0 0 0-.6l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6a1.2 1.2 0 0 0-.9.4 3.7 3.7 0 0 0-1.1 2.7 6.4 6.4 0 0 0 1.3 3.4 14.7 14.7 0 0 0 5.7 5 6.5 6.5 0 0 0 3.9.8 3.3 3.3 0 0 0 2.2-1.5 2.7 2.7 0 0 0 .2-1.5c-.1-.2-.3-.3-.6-.4z"
        />
      </svg>
      <span className={visuallyHidden}>{site.whatsAppButtonLabel}</span>
    </a>
  )
}
