import type { SocialNetwork } from '../../contract/site'
import { siteConfig } from '../../site.config'
import type { SiteContent } from './types'

/*
 * The company as the layout shows it. Every name, address, number and link is the site configuration's
 * (site.config.ts, docs/site-config.md): this module only adds the words around them and the links made
 * from them (wa.me, the social labels). Shipped with the demo company (`siteConfig.demo`).
 */

const networkNames: Record<SocialNetwork, string> = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
}

const copyrightYear = 2025

export const site: SiteContent = {
  brand: siteConfig.brand,
  tagline: siteConfig.tagline,
  legalName: siteConfig.legalName,
  uen: siteConfig.uen,
  supportHours: siteConfig.supportHours,

  contact: {
    email: siteConfig.supportEmail,
    address: siteConfig.address,
    phones: siteConfig.phones,
    whatsapp: siteConfig.whatsapp.map((number) => ({
      ...number,
      href: `https://wa.me/${number.e164.slice(1)}`,
    })),
  },

  /** The Data Protection Officer contact required by the PDPA. */
  dataProtectionOfficer: {
    title: 'Data Protection Officer',
    email: siteConfig.dataProtectionOfficerEmail,
  },

  social: {
    links: siteConfig.social.map((link) => ({
      network: link.network,
      label: `${siteConfig.brand} on ${networkNames[link.network]}`,
      href: link.href,
    })),
  },

  partnerPlatform: siteConfig.partnerPlatform,

  whatsAppButtonLabel: 'Chat with us on WhatsApp',

  footer: {
    about:
      `${siteConfig.brand} is a Singapore-based digital freight forwarder for importers, exporters and industrial companies. ` +
      'Get instant quotes, book FCL, LCL and air freight, submit documents and track every shipment from one ' +
      'dashboard, with customs clearance and cargo insurance available on request.',
    enquiryHeading: 'Get In Touch',
    contactHeading: 'Contact Us',
    copyrightYear,
    copyright: `© ${copyrightYear} ${siteConfig.brand}. All rights reserved.`,
    registration: `${siteConfig.legalName}, UEN ${siteConfig.uen}`,
  },
}
