/**
 * Calendar dates of the content ("2025-03-14"), shown as "14 March 2025". They are read and shown in UTC,
 * so the page prerendered at build time and the page hydrated in any visitor's time zone agree.
 */
const dateFormat = new Intl.DateTimeFormat('en-SG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

export const formatDate = (isoDate: string) => dateFormat.format(new Date(isoDate))
