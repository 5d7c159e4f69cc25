import type { ServicePage } from '../types'

export const shipmentTrackingPage: ServicePage = {
  key: 'shipment-tracking',
  path: '/services/shipment-tracking',
  meta: {
    title: 'Shipment Tracking by House Bill of Lading (HBL)',
    description:
      'Follow every eShip shipment by its house bill of lading number on your personalised dashboard, from booking and departure through to delivery.',
  },
  h1: 'Shipment Tracking',
  intro: [
    'Once you book with eShip, every shipment appears on your personalised dashboard. Track it by its house bill of lading (HBL) number and see where it is in its journey.',
  ],
  sections: [
    {
      id: 'what-it-is',
      heading: 'What it is',
      body: [
        'HBL tracking in your account brings together the milestones of each shipment. Status updates come from carriers, terminals and our agents, and appear as they report them.',
      ],
      items: [
        {
          title: 'Booking confirmed',
          text: 'Space confirmed with the carrier, with the vessel or flight details.',
        },
        { title: 'Cargo received', text: 'Container loaded, or cargo received at the CFS or airline.' },
        { title: 'Departed', text: 'The vessel has sailed or the flight has left.' },
        { title: 'In transit', text: 'Transhipment and connection points along the route.' },
        { title: 'Arrived', text: 'Arrival at the destination port or airport.' },
        {
          title: 'Cleared and delivered',
          text: 'Import clearance completed and cargo delivered or released.',
        },
      ],
    },
    {
      id: 'when-to-choose',
      heading: 'Who it is for',
      body: [
        'Tracking is for anyone in your business who needs to know where stock is: purchasing teams planning production, sales teams promising delivery dates, and finance teams matching arrivals with invoices.',
      ],
    },
    {
      id: 'whats-included',
      heading: 'What is included',
      items: [
        {
          title: 'All shipments in one list',
          text: 'Ocean and air shipments together, searchable by HBL number.',
        },
        {
          title: 'Booking details',
          text: 'Origin, destination, mode, cargo summary and the quote it was booked on.',
        },
        {
          title: 'Support',
          text: 'If a milestone is late or looks wrong, our 24x7 support team can check with the carrier.',
        },
      ],
      body: [],
    },
    {
      id: 'pricing',
      heading: 'How pricing works',
      body: ['Tracking is included with shipments booked through eShip.'],
    },
    {
      id: 'documents',
      heading: 'What you need',
      body: [
        'An activated eShip account and a booked shipment. Your HBL number appears on your booking once it is issued; log in and open HBL Tracking to follow it.',
      ],
    },
  ],
  faqs: [
    {
      question: 'Why has my shipment not updated for several days?',
      answer:
        'During a long ocean leg there may be no new event between departure and the next port call. If a milestone you expect is overdue, contact support and we will check with the carrier.',
    },
    {
      question: 'Can my customer track the shipment too?',
      answer:
        'Tracking is part of your company account. Share the HBL number and status with your customer, or contact us to discuss access.',
    },
    {
      question: 'Are arrival dates guaranteed?',
      answer:
        'No. Estimated times of arrival come from carriers and can change with weather, port congestion and schedule changes. We update the dashboard as carriers revise them.',
    },
  ],
  related: [
    { label: 'How it works', href: '/info' },
    { label: 'Login', href: '/login' },
    { label: 'Register', href: '/register' },
  ],
  ctas: [
    { label: 'Log In to Track', href: '/login' },
    { label: 'Create an Account', href: '/register' },
  ],
}
