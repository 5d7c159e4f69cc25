import { site } from '../../content/site'

/** The class names a place gives the details (the dark footer, the contact page). */
export interface ContactDetailsClasses {
  address?: string
  line?: string
  link?: string
  list?: string
}

/**
 * The company's registered address, support email, phones and WhatsApp numbers, from the site configuration
 * (site.config.ts): the footer and the contact page show the same.
 */
export function ContactDetails({ classes }: { classes: ContactDetailsClasses }) {
  const { contact } = site
  return (
    <address className={classes.address}>
      <p>
        {contact.address.lines.map((line) => (
          <span key={line} className={classes.line}>
            {line}
          </span>
        ))}
        <span className={classes.line}>{contact.address.country}</span>
      </p>
      <p>
        <a href={`mailto:${contact.email}`} className={classes.link}>
          {contact.email}
        </a>
      </p>
      <ul className={classes.list} aria-label="Phone">
        {contact.phones.map((phone) => (
          <li key={phone.region}>
            {phone.region}:{' '}
            <a href={`tel:${phone.e164}`} className={classes.link}>
              {phone.display}
            </a>
          </li>
        ))}
      </ul>
      <ul className={classes.list} aria-label="WhatsApp">
        {contact.whatsapp.map((number) => (
          <li key={number.region}>
            WhatsApp {number.region}:{' '}
            <a href={number.href} className={classes.link} rel="noopener" target="_blank">
              {number.display}
            </a>
          </li>
        ))}
      </ul>
    </address>
  )
}
