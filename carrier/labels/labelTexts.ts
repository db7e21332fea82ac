import type { CarrierLanguage } from '../languages.ts';

/** Every word printed on a return label, in each of the carrier's languages (../languages.ts). */
export type LabelLanguage = CarrierLanguage;
export type Handover = 'pickupPoint' | 'driver';

export interface LabelTexts {
  /** BCP 47 tag for the PDF's Lang entry and for dates. */
  locale: string;
  documentTitle: string;
  documentSubject: string;
  returnBadge: string;
  labellessBadge: string;
  sender: string;
  recipient: string;
  handover: string;
  handoverMethod: Record<Handover, string>;
  shipmentNumber: string;
  customerReference: string;
  created: string;
  phone: string;
  smartPin: string;
  /** The one line that tells the sender what to do with a printed label. */
  labelInstruction: Record<Handover, string>;
  /** What to do with the code of a label-less return. */
  codeInstruction: Record<Handover, string>;
  cutLabel: string;
  cutCode: string;
}

/** The carrier named on every label and in the PDF's Author entry. */
export const carrierName = 'Parcelo';

export const labelTexts: Record<LabelLanguage, LabelTexts> = {
  cs: {
    locale: 'cs-CZ',
    documentTitle: 'Přepravní štítek vratky',
    documentSubject: 'Štítek pro vrácení zásilky',
    returnBadge: 'VRATKA',
    labellessBadge: 'VRATKA BEZ ŠTÍTKU',
    sender: 'Odesílatel',
    recipient: 'Příjemce',
    handover: 'Způsob předání',
    handoverMethod: { pickupPoint: 'Výdejní místo', driver: 'Vyzvednutí kurýrem' },
    shipmentNumber: 'Číslo zásilky',
    customerReference: 'Reference',
    created: 'Vytvořeno',
    phone: 'Tel.',
    smartPin: 'SmartPIN',
    labelInstruction: {
      pickupPoint: 'Štítek nalepte na balík a balík odevzdejte na výdejním místě.',
      driver: 'Štítek nalepte na balík a balík předejte kurýrovi.',
    },
    codeInstruction: {
      pickupPoint: 'Ukažte tento kód na výdejním místě',
      driver: 'Ukažte tento kód kurýrovi',
    },
    cutLabel: 'Štítek vystřihněte podél přerušované čáry.',
    cutCode: 'Kód můžete ukázat vytištěný, nebo na displeji telefonu.',
  },
  en: {
    locale: 'en-US',
    documentTitle: 'Return shipping label',
    documentSubject: 'Label for returning a parcel',
    returnBadge: 'RETURN',
    labellessBadge: 'LABEL-LESS RETURN',
    sender: 'Sender',
    recipient: 'Recipient',
    handover: 'Hand-over',
    handoverMethod: { pickupPoint: 'Pick-up point', driver: 'Driver pickup' },
    shipmentNumber: 'Shipment number',
    customerReference: 'Reference',
    created: 'Created',
    phone: 'Phone',
    smartPin: 'SmartPIN',
    labelInstruction: {
      pickupPoint: 'Stick this label on the parcel and drop the parcel off at a pick-up point.',
      driver: 'Stick this label on the parcel and hand the parcel to the driver.',
    },
    codeInstruction: {
      pickupPoint: 'Show this code at the pick-up point',
      driver: 'Show this code to the driver',
    },
    cutLabel: 'Cut the label out along the dashed line.',
    cutCode: 'You can show the code printed or on your phone screen.',
  },
  sk: {
    locale: 'sk-SK',
    documentTitle: 'Prepravný štítok na vrátenie zásielky',
    documentSubject: 'Štítok na vrátenie zásielky',
    returnBadge: 'VRÁTENIE ZÁSIELKY',
    labellessBadge: 'VRÁTENIE BEZ ŠTÍTKA',
    sender: 'Odosielateľ',
    recipient: 'Príjemca',
    handover: 'Spôsob odovzdania',
    handoverMethod: { pickupPoint: 'Výdajné miesto', driver: 'Vyzdvihnutie kuriérom' },
    shipmentNumber: 'Číslo zásielky',
    customerReference: 'Referencia',
    created: 'Vytvorené',
    phone: 'Tel.',
    smartPin: 'SmartPIN',
    labelInstruction: {
      pickupPoint: 'Štítok nalepte na balík a balík odovzdajte na výdajnom mieste.',
      driver: 'Štítok nalepte na balík a balík odovzdajte kuriérovi.',
    },
    codeInstruction: {
      pickupPoint: 'Ukážte tento kód na výdajnom mieste',
      driver: 'Ukážte tento kód kuriérovi',
    },
    cutLabel: 'Štítok vystrihnite pozdĺž prerušovanej čiary.',
    cutCode: 'Kód môžete ukázať vytlačený alebo na displeji telefónu.',
  },
  pl: {
    locale: 'pl-PL',
    documentTitle: 'Etykieta przesyłki zwrotnej',
    documentSubject: 'Etykieta do zwrotu przesyłki',
    returnBadge: 'ZWROT',
    labellessBadge: 'ZWROT BEZ ETYKIETY',
    sender: 'Nadawca',
    recipient: 'Odbiorca',
    handover: 'Sposób nadania',
    handoverMethod: { pickupPoint: 'Punkt odbioru', driver: 'Odbiór przez kuriera' },
    shipmentNumber: 'Numer przesyłki',
    customerReference: 'Numer referencyjny',
    created: 'Utworzono',
    phone: 'Tel.',
    smartPin: 'SmartPIN',
    labelInstruction: {
      pickupPoint: 'Naklej etykietę na paczkę i nadaj paczkę w punkcie odbioru.',
      driver: 'Naklej etykietę na paczkę i przekaż paczkę kurierowi.',
    },
    codeInstruction: {
      pickupPoint: 'Pokaż ten kod w punkcie odbioru',
      driver: 'Pokaż ten kod kurierowi',
    },
    cutLabel: 'Wytnij etykietę wzdłuż przerywanej linii.',
    cutCode: 'Kod możesz pokazać wydrukowany lub na ekranie telefonu.',
  },
  hu: {
    locale: 'hu-HU',
    documentTitle: 'Visszaküldési címke',
    documentSubject: 'Címke a csomag visszaküldéséhez',
    returnBadge: 'VISSZAKÜLDÉS',
    labellessBadge: 'CÍMKE NÉLKÜLI VISSZAKÜLDÉS',
    sender: 'Feladó',
    recipient: 'Címzett',
    handover: 'Átadás módja',
    handoverMethod: { pickupPoint: 'Csomagpont', driver: 'Futáros csomagfelvétel' },
    shipmentNumber: 'Küldeményszám',
    customerReference: 'Hivatkozási szám',
    created: 'Létrehozva',
    phone: 'Tel.',
    smartPin: 'SmartPIN',
    labelInstruction: {
      pickupPoint: 'Ragassza a címkét a csomagra, és adja le a csomagot egy csomagponton.',
      driver: 'Ragassza a címkét a csomagra, és adja át a csomagot a futárnak.',
    },
    codeInstruction: {
      pickupPoint: 'Mutassa fel ezt a kódot a csomagponton',
      driver: 'Mutassa fel ezt a kódot a futárnak',
    },
    cutLabel: 'A címkét a szaggatott vonal mentén vágja ki.',
    cutCode: 'A kódot kinyomtatva vagy a telefonja kijelzőjén is felmutathatja.',
  },
};
