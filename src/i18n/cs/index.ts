import type { BaseTranslation } from '../i18n-types.ts';

/** Czech, the base locale: every other dictionary must have exactly these keys. */
const cs = {
  site: {
    name: 'Parcelo',
    titleTemplate: '{page} | Parcelo',
    skipToContent: 'Přejít na obsah',
  },
  header: {
    homeLink: 'Parcelo – hlavní stránka',
    menu: 'Menu',
    closeMenu: 'Zavřít menu',
    mainNavigation: 'Hlavní navigace',
    loginNavigation: 'Přihlášení do zákaznických zón',
  },
  language: {
    label: 'Jazyk',
    current: 'Jazyk: {name}',
    cs: 'Čeština',
    en: 'English',
  },
  footer: {
    label: 'Patička',
    social: 'Sledujte nás',
    apps: 'Mobilní aplikace',
    consentSettings: 'Nastavení cookies',
  },
  notFound: {
    title: 'Stránka nenalezena',
    headline: '404',
    heading: 'Stránka nenalezena',
    text: 'Zdá se, že nemáte platný odkaz.',
    help: 'Odkaz pro vrácení zásilky najdete v e-mailu nebo na stránkách obchodu, kde jste nakupovali.',
    home: 'Přejít na hlavní stránku',
  },
  error: {
    title: 'Došlo k chybě.',
    heading: 'Došlo k chybě.',
    text: 'Omlouváme se, při vytváření vratné zásilky došlo k chybě. Zkuste to prosím později nebo kontaktujte naši zákaznickou podporu.',
    support: 'Kontaktovat zákaznickou podporu',
  },
  returns: {
    title: 'Vrácení zásilky',
    heading: 'Vrácení zásilky',
    lead: 'Vyplňte formulář a my vám připravíme štítek nebo QR kód pro vrácení zásilky.',
  },
} satisfies BaseTranslation;

export default cs;
