/** Every word printed on a return label, in both label languages. */
export type LabelLanguage = 'cs' | 'en';
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
    labellessBadge: 'LABEL-FREE RETURN',
    sender: 'Sender',
    recipient: 'Recipient',
    handover: 'Hand-over',
    handoverMethod: { pickupPoint: 'Pick-up point', driver: 'Courier pickup' },
    shipmentNumber: 'Shipment number',
    customerReference: 'Reference',
    created: 'Created',
    phone: 'Phone',
    smartPin: 'SmartPIN',
    labelInstruction: {
      pickupPoint: 'Stick this label on the parcel and drop the parcel off at a pick-up point.',
      driver: 'Stick this label on the parcel and hand the parcel to the courier.',
    },
    codeInstruction: {
      pickupPoint: 'Show this code at the pick-up point',
      driver: 'Show this code to the courier',
    },
    cutLabel: 'Cut the label out along the dashed line.',
    cutCode: 'You can show the code printed or on your phone screen.',
  },
};
