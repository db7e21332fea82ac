import { fields } from '@keystatic/core';
import {
  appStores,
  choiceLabels,
  emailAddress,
  httpAddress,
  noticeLevels,
  socialNetworks,
} from './choices.ts';

/*
 * The Keystatic fields over one locale's shell file. They mirror shellSchema (schema.ts) field by
 * field; tests/unit/editorSchema.test.ts feeds both the same entries and fails when they disagree,
 * so the editor refuses what the build refuses. Labels are bilingual: one editor serves both files.
 */

const text = (label: string, max?: number, multiline = false) =>
  fields.text({
    label,
    multiline,
    validation: {
      isRequired: true,
      length: { min: 1, ...(max && { max }) },
      pattern: { regex: /\S/, message: `${label}: vyplňte text / enter a text` },
    },
  });

/** What the editor says of an address that is not http(s). */
export const addressMessage = (label: string) => `${label}: adresa http(s):// / an http(s):// address`;

const address = (label: string) =>
  fields.text({
    label,
    validation: { isRequired: true, pattern: { regex: httpAddress, message: addressMessage(label) } },
  });

const options = <T extends string>(values: readonly T[]) =>
  values.map((value) => ({ value, label: choiceLabels[value as keyof typeof choiceLabels] }));

/** The labels of a link's two fields in the editor. */
export const linkLabels = { label: 'Text odkazu / Label', href: 'Adresa / Address' } as const;
const linkFields = { label: text(linkLabels.label), href: address(linkLabels.href) };
const link = fields.object(linkFields);

const list = <T extends Parameters<typeof fields.array>[0]>(
  element: T,
  label: string,
  min: number,
  max?: number,
) =>
  fields.array(element, {
    label,
    // Each item is named in the list by its label (a column by its title).
    itemLabel: (props) => {
      // `label` and `title` are text fields (`text` above): their values are strings.
      const item = (props as { fields?: Record<string, { value?: string }> }).fields ?? {};
      return item['label']?.value ?? item['title']?.value ?? '';
    },
    validation: { length: { min, ...(max && { max }) } },
  });

/** A part of the accessibility statement: a heading and a text whose blank lines part its paragraphs. */
const section = (
  label: string,
  more: Record<string, ReturnType<typeof fields.text> | ReturnType<typeof fields.array>> = {},
) =>
  fields.object(
    {
      heading: text('Nadpis / Heading'),
      text: text('Text (odstavce odděluje prázdný řádek / blank lines part paragraphs)', undefined, true),
      ...more,
    },
    { label },
  );

const items = (label: string) => list(text('Bod / Item', undefined, true), label, 1);

const accessibility = fields.object(
  {
    title: text('Nadpis a odkaz v patičce / Heading and footer link'),
    intro: text('Úvod / Introduction', undefined, true),
    service: section('Služba / The service'),
    standard: section('Norma / The standard'),
    status: section('Stav souladu / Status'),
    tested: section('Co a jak testujeme / What is tested and how', { items: items('Testy / Tests') }),
    gaps: section('Známé nedostatky / Known gaps', { items: items('Nedostatky / Gaps') }),
    review: fields.object(
      {
        heading: text('Nadpis / Heading'),
        date: fields.date({
          label: 'Datum posledního přezkoumání / Date of the last review',
          validation: { isRequired: true },
        }),
      },
      { label: 'Poslední přezkoumání / Last review' },
    ),
    feedback: section('Zpětná vazba / Feedback', {
      email: fields.text({
        label: 'E-mail pro zpětnou vazbu / Feedback e-mail',
        validation: {
          isRequired: true,
          pattern: { regex: emailAddress, message: 'E-mailová adresa / An e-mail address' },
        },
      }),
    }),
    enforcement: section('Orgán dozoru / Enforcement body', {
      name: text('Název úřadu / Authority'),
      href: address('Web úřadu / Authority website'),
    }),
  },
  { label: 'Prohlášení o přístupnosti / Accessibility statement' },
);

/** The fields of src/content/shell/<locale>.json, in the file's order. */
export const shellFields = {
  brand: fields.object(
    { name: text('Název značky / Brand name'), homeUrl: address('Hlavní web / Home page') },
    { label: 'Značka / Brand' },
  ),
  notice: fields.conditional(fields.checkbox({ label: 'Zobrazit oznámení / Show the site notice' }), {
    true: fields.object({
      level: fields.select({ label: 'Úroveň / Level', options: options(noticeLevels), defaultValue: 'info' }),
      text: text('Text oznámení / Notice text', 280),
    }),
    false: fields.empty(),
  }),
  pages: fields.object(
    {
      notFound: fields.object(
        {
          headline: text('Velký nápis / Headline'),
          heading: text('Nadpis / Heading'),
          text: text('Text'),
          help: text('Nápověda / Help'),
          button: text('Tlačítko / Button'),
        },
        { label: 'Stránka nenalezena / Not-found page' },
      ),
      error: fields.object(
        {
          title: text('Nadpis / Title'),
          text: text('Text'),
          support: text('Odkaz na podporu / Support link'),
        },
        { label: 'Chybová stránka / Error page' },
      ),
      form: fields.object(
        { title: text('Nadpis / Title'), lead: text('Úvod / Lead') },
        { label: 'Stránka formuláře / Form page' },
      ),
      accessibility,
    },
    { label: 'Texty stránek / Page texts' },
  ),
  menu: list(link, 'Menu', 1, 8),
  logins: list(link, 'Zákaznické zóny / Customer zone logins', 1, 4),
  footer: fields.object(
    {
      columns: list(
        fields.object({
          title: text('Nadpis sloupce / Column title'),
          links: list(link, 'Odkazy / Links', 1),
        }),
        'Sloupce / Columns',
        1,
        5,
      ),
      follow: fields.object(
        {
          title: text('Nadpis / Title'),
          social: list(
            fields.object({
              ...linkFields,
              network: fields.select({
                label: 'Síť / Network',
                options: options(socialNetworks),
                defaultValue: 'facebook',
              }),
            }),
            'Sociální sítě / Social links',
            1,
          ),
          apps: list(
            fields.object({
              ...linkFields,
              store: fields.select({
                label: 'Obchod / Store',
                options: options(appStores),
                defaultValue: 'appStore',
              }),
            }),
            'Mobilní aplikace / App-store links',
            0,
          ),
        },
        { label: 'Sledujte nás / Follow us' },
      ),
      motto: text('Motto'),
      copyright: text('Copyright'),
      consentLabel: text('Nastavení cookies (tlačítko) / Consent settings label'),
    },
    { label: 'Patička / Footer' },
  ),
  links: fields.object(
    {
      customerService: address('Zákaznický servis / Customer service'),
      termsPersons: address('Podmínky pro osoby / Terms for persons'),
      termsCompanies: address('Podmínky pro firmy / Terms for companies'),
      privacy: address('Osobní údaje / Privacy'),
      mapHome: address('Mapa výdejních míst / Pick-up map (home)'),
      mapAbroad: address('Mapa v zahraničí / Pick-up map (abroad)'),
      howToPack: address('Jak zabalit (PDF) / How to pack (PDF)'),
      returnOrdering: address('Objednání vrácení / Return ordering'),
      tracking: address('Sledování zásilky / Parcel tracking'),
    },
    { label: 'Adresy poskytovatele / Provider addresses' },
  ),
};
