import type { Translation } from '../i18n-types.ts';

const en = {
  site: {
    name: 'Parcelo',
    titleTemplate: '{page} | Parcelo',
    skipToContent: 'Skip to content',
  },
  header: {
    homeLink: 'Parcelo – home page',
    menu: 'Menu',
    closeMenu: 'Close menu',
    mainNavigation: 'Main navigation',
    loginNavigation: 'Customer zone logins',
  },
  language: {
    label: 'Language',
    current: 'Language: {name}',
    cs: 'Čeština',
    en: 'English',
  },
  footer: {
    label: 'Footer',
    social: 'Follow us',
    apps: 'Mobile apps',
    consentSettings: 'Cookie settings',
  },
  notFound: {
    title: 'Page Not Found',
    headline: '404',
    heading: 'Page Not Found',
    text: 'It looks like you do not have a valid link.',
    help: 'You will find the link for returning your parcel in the e-mail or on the website of the shop where you bought it.',
    home: 'Go to the home page',
  },
  error: {
    title: 'An error has occurred.',
    heading: 'An error has occurred.',
    text: 'Sorry, there was an error creating the return shipment. Please try again later or contact our customer support.',
    support: 'Contact customer support',
  },
  returns: {
    title: 'Return a shipment',
    heading: 'Return a shipment',
    lead: 'Fill in the form and we will prepare a label or a QR code for returning your parcel.',
  },
} satisfies Translation;

export default en;
