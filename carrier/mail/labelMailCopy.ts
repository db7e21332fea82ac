import type { Handover } from '../labels/labelTexts.ts';

export type MailLanguage = 'cs' | 'en';

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
  footer: string;
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
  footer: 'Tento e-mail byl odeslán automaticky, neodpovídejte na něj prosím.',
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
      `Show the attached QR code${pin} to the courier who picks up the parcel. You do not need to print anything.`,
  },
  handover: {
    pickupPoint: 'Take the packed parcel to any pick-up point.',
    driver: 'A courier will pick up the parcel from you. Please have it packed and ready.',
  },
  sizeNote: 'The pick-up point must accept a parcel of your size. Check which sizes it takes before you go.',
  summary: { shipmentNumber: 'Shipment number', sender: 'Sender', handover: 'Hand-over' },
  handoverName: { pickupPoint: 'Drop at a pick-up point', driver: 'Courier pickup' },
  footer: 'This e-mail was sent automatically; please do not reply to it.',
};

/** The label e-mail's wording by language. */
export const labelMailCopy: Record<MailLanguage, LabelMailCopy> = { cs, en };
