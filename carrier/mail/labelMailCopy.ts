import type { AccessPointType } from '@parcel-returns/contract';
import type { Handover, LabelLanguage } from '../labels/labelTexts.ts';

/** The languages of the label e-mail: the label's, each of the site's. */
export type MailLanguage = LabelLanguage;

/** Every sentence of the label e-mail in one language; functions where a value goes in. */
export interface LabelMailCopy {
  subject: (labelless: boolean, shipmentNumber: string) => string;
  greeting: (senderName: string) => string;
  created: (labelless: boolean) => string;
  printLabel: string;
  /** `pin` is already formatted, e.g. " (SmartPIN 123456)", or empty. */
  showQr: Record<Handover, (pin: string) => string>;
  handover: Record<Handover, string>;
  sizeNote: string;
  summary: { shipmentNumber: string; sender: string; handover: string };
  handoverName: Record<Handover, string>;
  /** Heading of a label-less return's code (QR code and SmartPIN) in the e-mail's body. */
  codeHeading: string;
  /** Until when the code is accepted; `date` is already formatted. */
  codeValidUntil: (date: string) => string;
  /** Text alternative of the QR code's image. */
  qrAlt: (pin: string) => string;
  footer: string;
  /** 'Where to take it': the three places nearest to the sender that take the return. */
  places: { heading: string; type: Record<AccessPointType, string>; onMap: string };
}

const cs: LabelMailCopy = {
  subject: (labelless, n) => `${labelless ? 'QR kód' : 'Štítek'} pro vrácení zásilky ${n}`,
  // Czech has no neutral way to put a name into a greeting (it would need the vocative),
  // so the name appears in the summary instead.
  greeting: () => 'Dobrý den,',
  created: (labelless) =>
    `vaše zpětná zásilka byla vytvořena. ${labelless ? 'QR kód' : 'Štítek'} najdete v příloze tohoto e-mailu.`,
  printLabel: 'Přiložený štítek vytiskněte a nalepte na balík.',
  showQr: {
    pickupPoint: (pin) => `Na výdejním místě ukažte přiložený QR kód${pin}. Nic tisknout nemusíte.`,
    driver: (pin) =>
      `Přiložený QR kód${pin} ukažte kurýrovi, který si balík vyzvedne. Nic tisknout nemusíte.`,
  },
  handover: {
    pickupPoint: 'Zabalený balík odneste na kterékoli výdejní místo.',
    driver: 'Pro balík si k vám přijede kurýr. Mějte ho prosím zabalený a připravený.',
  },
  sizeNote:
    'Výdejní místo musí balík vaší velikosti přijmout. Než vyrazíte, ověřte si, jaké rozměry přijímá.',
  summary: { shipmentNumber: 'Číslo zásilky', sender: 'Odesílatel', handover: 'Způsob předání' },
  handoverName: { pickupPoint: 'Na výdejním místě', driver: 'Vyzvednutí kurýrem' },
  codeHeading: 'Váš kód pro předání zásilky',
  codeValidUntil: (date) =>
    `Kód platí do ${date}. Potom ho už nikdo nepřijme a zpětnou zásilku je třeba vytvořit znovu.`,
  qrAlt: (pin) => `QR kód zásilky se SmartPINem ${pin}`,
  footer: 'Tento e-mail byl odeslán automaticky, neodpovídejte na něj prosím.',
  places: {
    heading: 'Kam balík odnést: tři nejbližší místa',
    type: { shop: 'obchod', locker: 'balíkový box' },
    onMap: 'Na mapě',
  },
};

const en: LabelMailCopy = {
  subject: (labelless, n) => `Return ${labelless ? 'QR code' : 'label'} for shipment ${n}`,
  greeting: (name) => `Hello ${name},`,
  created: (labelless) =>
    `Your return shipment has been created. The ${labelless ? 'QR code' : 'label'} is attached to this e-mail.`,
  printLabel: 'Print the attached label and stick it on the parcel.',
  showQr: {
    pickupPoint: (pin) =>
      `Show the attached QR code${pin} at the pick-up point. You do not need to print anything.`,
    driver: (pin) =>
      `Show the attached QR code${pin} to the driver who picks up the parcel. You do not need to print anything.`,
  },
  handover: {
    pickupPoint: 'Take the packed parcel to any pick-up point.',
    driver: 'A driver will pick up the parcel from you. Please have it packed and ready.',
  },
  sizeNote: 'The pick-up point must accept a parcel of your size. Check which sizes it takes before you go.',
  summary: { shipmentNumber: 'Shipment number', sender: 'Sender', handover: 'Hand-over' },
  handoverName: { pickupPoint: 'At a pick-up point', driver: 'Driver pickup' },
  codeHeading: 'Your hand-over code',
  codeValidUntil: (date) =>
    `The code is valid until ${date}. After that it is no longer accepted and the return has to be created again.`,
  qrAlt: (pin) => `QR code of the shipment, SmartPIN ${pin}`,
  footer: 'This e-mail was sent automatically; please do not reply to it.',
  places: {
    heading: 'Where to take it: the three nearest places',
    type: { shop: 'shop', locker: 'parcel locker' },
    onMap: 'On a map',
  },
};

const sk: LabelMailCopy = {
  subject: (labelless, n) => `${labelless ? 'QR kód' : 'Štítok'} na vrátenie zásielky ${n}`,
  // As in Czech, the name stays out of the greeting (it would need declining) and appears in the summary.
  greeting: () => 'Dobrý deň,',
  created: (labelless) =>
    `vrátenie vašej zásielky sme vytvorili. ${labelless ? 'QR kód' : 'Štítok'} nájdete v prílohe tohto e-mailu.`,
  printLabel: 'Priložený štítok vytlačte a nalepte na balík.',
  showQr: {
    pickupPoint: (pin) => `Na výdajnom mieste ukážte priložený QR kód${pin}. Nič tlačiť nemusíte.`,
    driver: (pin) =>
      `Priložený QR kód${pin} ukážte kuriérovi, ktorý si balík vyzdvihne. Nič tlačiť nemusíte.`,
  },
  handover: {
    pickupPoint: 'Zabalený balík odneste na ktorékoľvek výdajné miesto.',
    driver: 'Pre balík si k vám príde kuriér. Majte ho, prosím, zabalený a pripravený.',
  },
  sizeNote:
    'Výdajné miesto musí prijať balík vašej veľkosti. Skôr ako vyrazíte, overte si, aké rozmery prijíma.',
  summary: { shipmentNumber: 'Číslo zásielky', sender: 'Odosielateľ', handover: 'Spôsob odovzdania' },
  handoverName: { pickupPoint: 'Na výdajnom mieste', driver: 'Vyzdvihnutie kuriérom' },
  codeHeading: 'Váš kód na odovzdanie zásielky',
  codeValidUntil: (date) =>
    `Kód platí do ${date}. Potom ho už nikto neprijme a vrátenie zásielky treba vytvoriť znova.`,
  qrAlt: (pin) => `QR kód zásielky so SmartPINom ${pin}`,
  footer: 'Tento e-mail bol odoslaný automaticky, neodpovedajte naň, prosím.',
  places: {
    heading: 'Kam balík odniesť: tri najbližšie miesta',
    type: { shop: 'obchod', locker: 'balíkový box' },
    onMap: 'Na mape',
  },
};

const pl: LabelMailCopy = {
  subject: (labelless, n) => `${labelless ? 'Kod QR' : 'Etykieta'} do zwrotu przesyłki ${n}`,
  // Polish would put the name in the vocative, so it stays out of the greeting, as in Czech.
  greeting: () => 'Dzień dobry,',
  created: (labelless) =>
    `Twoja przesyłka zwrotna została utworzona. ${labelless ? 'Kod QR' : 'Etykietę'} znajdziesz w załączniku do tego e-maila.`,
  printLabel: 'Wydrukuj załączoną etykietę i naklej ją na paczkę.',
  showQr: {
    pickupPoint: (pin) => `W punkcie odbioru pokaż załączony kod QR${pin}. Nie musisz niczego drukować.`,
    driver: (pin) =>
      `Pokaż załączony kod QR${pin} kurierowi, który odbierze paczkę. Nie musisz niczego drukować.`,
  },
  handover: {
    pickupPoint: 'Zanieś zapakowaną paczkę do dowolnego punktu odbioru.',
    driver: 'Kurier przyjedzie po paczkę pod twój adres. Miej ją zapakowaną i gotową do odbioru.',
  },
  sizeNote:
    'Punkt odbioru musi przyjmować paczki takiej wielkości jak twoja. Zanim wyjdziesz, sprawdź, jakie wymiary przyjmuje.',
  summary: { shipmentNumber: 'Numer przesyłki', sender: 'Nadawca', handover: 'Sposób nadania' },
  handoverName: { pickupPoint: 'W punkcie odbioru', driver: 'Odbiór przez kuriera' },
  codeHeading: 'Twój kod do nadania przesyłki',
  codeValidUntil: (date) =>
    `Kod jest ważny do ${date}. Potem nie zostanie przyjęty i przesyłkę zwrotną trzeba utworzyć ponownie.`,
  qrAlt: (pin) => `Kod QR przesyłki, SmartPIN ${pin}`,
  footer: 'Ten e-mail został wysłany automatycznie, prosimy na niego nie odpowiadać.',
  places: {
    heading: 'Gdzie nadać paczkę: trzy najbliższe punkty',
    type: { shop: 'sklep', locker: 'automat paczkowy' },
    onMap: 'Na mapie',
  },
};

const hu: LabelMailCopy = {
  subject: (labelless, n) => `Visszaküldési ${labelless ? 'QR-kód' : 'címke'} – küldeményszám: ${n}`,
  greeting: (name) => `Kedves ${name}!`,
  created: (labelless) =>
    `A visszaküldést létrehoztuk. A ${labelless ? 'QR-kódot' : 'címkét'} ennek az e-mailnek a mellékletében találja.`,
  printLabel: 'Nyomtassa ki a mellékelt címkét, és ragassza fel a csomagra.',
  showQr: {
    pickupPoint: (pin) =>
      `A csomagponton mutassa fel a mellékelt QR-kódot${pin}. Semmit sem kell nyomtatnia.`,
    driver: (pin) =>
      `A mellékelt QR-kódot${pin} mutassa meg a futárnak, aki a csomagot felveszi. Semmit sem kell nyomtatnia.`,
  },
  handover: {
    pickupPoint: 'A becsomagolt csomagot vigye bármelyik csomagpontra.',
    driver: 'A csomagért futár érkezik Önhöz. Kérjük, addigra csomagolja be, és készítse elő.',
  },
  sizeNote:
    'Nem minden csomagpont vesz át minden méretű csomagot. Mielőtt elindul, ellenőrizze, milyen méretűt vesz át.',
  summary: { shipmentNumber: 'Küldeményszám', sender: 'Feladó', handover: 'Átadás módja' },
  handoverName: { pickupPoint: 'Csomagponton', driver: 'Futáros csomagfelvétel' },
  codeHeading: 'A küldemény átadási kódja',
  codeValidUntil: (date) =>
    `A kód ${date} napjáig érvényes. Ezután már nem fogadják el, és a visszaküldést újra létre kell hozni.`,
  qrAlt: (pin) => `A küldemény QR-kódja, SmartPIN: ${pin}`,
  footer: 'Ezt az e-mailt automatikusan küldtük, kérjük, ne válaszoljon rá.',
  places: {
    heading: 'Hol adhatja fel a csomagot: a három legközelebbi pont',
    type: { shop: 'üzlet', locker: 'csomagautomata' },
    onMap: 'Térképen',
  },
};

/** The label e-mail's wording by language. */
export const labelMailCopy: Record<MailLanguage, LabelMailCopy> = { cs, en, sk, pl, hu };
