import { countriesServed } from './home'
import type { Page } from './types'

/** About Us: who eShip is, where it ships and how it works. */

const countryNames = countriesServed.map((country) => country.name).join(', ')

export const aboutPage: Page = {
  path: '/about-us',
  meta: {
    title: 'About Us: A Digital Freight Forwarder in Singapore',
    description:
      'eShip is a Singapore-based digital freight forwarder for businesses: ocean and air freight, customs clearance and cargo insurance, quoted and tracked online.',
  },
  h1: 'About eShip',
  intro: [
    'eShip is a digital freight forwarder based in Singapore. We help importers, exporters and industrial companies move commercial cargo by sea and air, and we run the whole process, from quote to delivery, online.',
  ],
  sections: [
    {
      id: 'our-story',
      heading: 'Our story',
      body: [
        'Freight forwarding has long depended on email chains, spreadsheets and phone calls: a quote takes days, documents go back and forth, and the only way to find a container is to ask someone. ' +
          'eShip was set up to change that for businesses that ship regularly but do not want to build a logistics department to do it.',
        'We combine an online platform, where customers get instant quotes, book, submit documents and track shipments, with an operations team in Singapore that books carriers, prepares permits and solves problems when cargo does not go to plan.',
      ],
    },
    {
      id: 'services',
      heading: 'What we do',
      body: [
        'We arrange ocean freight as full container loads and less-than-container loads, air freight through Changi Airport, customs clearance in Singapore and at destination, cargo insurance, and document support for every shipment.',
      ],
      links: [
        { label: 'FCL: Full Container Load', href: '/services/ocean-freight/fcl' },
        { label: 'LCL: Less than Container Load', href: '/services/ocean-freight/lcl' },
        { label: 'Air Freight', href: '/services/air-freight' },
        { label: 'Customs Clearance', href: '/services/custom-clearance' },
      ],
    },
    {
      id: 'industries',
      heading: 'Industries we serve',
      body: [
        'Our customers are businesses: we do not handle personal or household shipments. We regularly move cargo for companies in these sectors:',
      ],
      items: [
        {
          title: 'Manufacturing and industrial',
          text: 'Raw materials, components, machinery and spare parts.',
        },
        {
          title: 'Electronics',
          text: 'Components, finished devices and equipment, including goods with lithium batteries.',
        },
        {
          title: 'Retail and wholesale',
          text: 'Replenishment stock, seasonal ranges and multi-supplier consolidation.',
        },
        {
          title: 'Food and consumer goods',
          text: 'Packaged food and beverages, household products and personal care.',
        },
        {
          title: 'Chemicals',
          text: 'Hazardous and non-hazardous chemicals, declared and packed under the IMDG Code or IATA rules.',
        },
        { title: 'Automotive', text: 'Parts, accessories and workshop equipment.' },
      ],
    },
    {
      id: 'reach',
      heading: 'Our reach',
      body: [
        `Singapore sits on major east–west and intra-Asian shipping routes, with frequent sailings and flights to every major trading region. From here we ship to and from these markets: ${countryNames}. Partner agents at destination handle collection, clearance and delivery.`,
      ],
      links: [{ label: 'Tradelanes and transit times', href: '/info/tradelanes' }],
    },
    {
      id: 'why-choose',
      heading: 'Why businesses choose eShip',
      body: [],
      items: [
        {
          title: 'Instant, itemised quotes',
          text: 'Prices online in minutes, with every charge on its own line.',
        },
        {
          title: 'A personalised dashboard',
          text: 'Quotes, bookings and HBL tracking for your company in one account.',
        },
        { title: '24x7 support', text: 'A team you can reach at any hour by email, phone or WhatsApp.' },
        {
          title: 'One partner for freight, customs and insurance',
          text: 'Fewer hand-offs and one point of contact for the whole shipment.',
        },
      ],
    },
    {
      id: 'commitment',
      heading: 'Our commitment',
      body: [
        'We quote honestly, explain what is and is not included, and tell you early when something changes: a rolled booking, a schedule delay or a customs query. ' +
          'We handle your data in line with Singapore’s Personal Data Protection Act, and we trade under the Singapore Logistics Association’s standard trading conditions, so you know the terms before you ship.',
      ],
      links: [
        { label: 'Privacy Policy', href: '/info/privacy-policy' },
        { label: 'Terms & Conditions', href: '/info/terms-conditions' },
      ],
    },
    {
      id: 'contact',
      heading: 'Talk to us',
      body: [
        'Planning a shipment, comparing modes or looking for a new forwarder? Send us your enquiry and one of our team will get back to you.',
      ],
      links: [{ label: 'Contact Us', href: '/contact-us' }],
    },
  ],
  ctas: [
    { label: 'Create Account', href: '/register' },
    { label: 'Contact Us', href: '/contact-us' },
  ],
}
