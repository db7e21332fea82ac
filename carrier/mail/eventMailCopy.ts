import type { MailLanguage } from './labelMailCopy.ts';
import { sentence } from './sentence.ts';

/**
 * The sentences of the e-mails about a parcel's journey: the proof of drop-off (`handedOver`) and
 * the delivery note (`delivered`). The greeting, the shipment number's label and the footer are the
 * label e-mail's (labelMailCopy.ts).
 */
export interface EventMailCopy {
  handedOver: {
    subject: (shipmentNumber: string) => string;
    body: string;
    keep: string;
    place: string;
    /** Where the place would be, for a parcel the courier collected. */
    byDriver: string;
    time: string;
  };
  delivered: {
    subject: (shipmentNumber: string) => string;
    /** `date` as the sentence says "on" that day (mailOnDay): Hungarian needs its case. */
    body: (shop: string, date: string) => string;
    refund: (shop: string) => string;
    shop: string;
    date: string;
  };
}

const cs: EventMailCopy = {
  handedOver: {
    subject: (n) => `Potvrzení o předání zásilky ${n}`,
    body: 'vaše zpětná zásilka byla předána k přepravě.',
    keep: 'Tento e-mail si uschovejte: je potvrzením, že jste zásilku předali.',
    place: 'Místo předání',
    byDriver: 'Vyzvednuto kurýrem',
    time: 'Čas předání',
  },
  delivered: {
    subject: (n) => `Zásilka ${n} byla doručena`,
    body: (shop, date) => sentence(`vaše zpětná zásilka byla ${date} doručena příjemci ${shop}`),
    refund: (shop) =>
      `Peníze vám vrací obchod ${shop}, ne dopravce. S dotazy k vrácení peněz se proto obraťte přímo na něj.`,
    shop: 'Příjemce',
    date: 'Doručeno',
  },
};

const en: EventMailCopy = {
  handedOver: {
    subject: (n) => `Proof of drop-off for shipment ${n}`,
    body: 'Your return parcel has been handed over to us.',
    keep: 'Keep this e-mail: it proves that you handed the parcel over.',
    place: 'Handed over at',
    byDriver: 'Collected by the driver',
    time: 'Time',
  },
  delivered: {
    subject: (n) => `Shipment ${n} has been delivered`,
    body: (shop, date) => `Your return parcel was delivered to ${shop} on ${date}.`,
    refund: (shop) =>
      sentence(
        `Your refund comes from ${shop}, not from the carrier: for any question about it, please contact ${shop}`,
      ),
    shop: 'Recipient',
    date: 'Delivered on',
  },
};

const sk: EventMailCopy = {
  handedOver: {
    subject: (n) => `Potvrdenie o odovzdaní zásielky ${n}`,
    body: 'vašu zásielku sme prevzali na prepravu.',
    keep: 'Tento e-mail si uschovajte: je potvrdením, že ste zásielku odovzdali.',
    place: 'Miesto odovzdania',
    byDriver: 'Vyzdvihnuté kuriérom',
    time: 'Čas odovzdania',
  },
  delivered: {
    subject: (n) => `Zásielka ${n} bola doručená`,
    body: (shop, date) => sentence(`vašu zásielku sme ${date} doručili príjemcovi ${shop}`),
    refund: (shop) =>
      `Peniaze vám vracia obchod ${shop}, nie prepravca. S otázkami o vrátení peňazí sa preto obráťte priamo naň.`,
    shop: 'Príjemca',
    date: 'Doručené',
  },
};

const pl: EventMailCopy = {
  handedOver: {
    subject: (n) => `Potwierdzenie nadania przesyłki ${n}`,
    body: 'Twoja przesyłka zwrotna została przekazana do transportu.',
    keep: 'Zachowaj ten e-mail: potwierdza on przekazanie przesyłki.',
    place: 'Miejsce nadania',
    byDriver: 'Odebrana przez kuriera',
    time: 'Czas nadania',
  },
  delivered: {
    subject: (n) => `Przesyłka ${n} została doręczona`,
    body: (shop, date) => sentence(`Twoja przesyłka zwrotna została ${date} doręczona do sklepu ${shop}`),
    refund: (shop) =>
      `Zwrot pieniędzy realizuje sklep ${shop}, a nie przewoźnik. W sprawie zwrotu skontaktuj się bezpośrednio ze sklepem.`,
    shop: 'Odbiorca',
    date: 'Doręczono',
  },
};

const hu: EventMailCopy = {
  handedOver: {
    subject: (n) => `Átadási igazolás – küldeményszám: ${n}`,
    body: 'Visszaküldött csomagját átvettük szállításra.',
    keep: 'Őrizze meg ezt az e-mailt: ez igazolja, hogy a csomagot átadta.',
    place: 'Átadás helye',
    byDriver: 'A futár vette fel',
    time: 'Átadás ideje',
  },
  delivered: {
    subject: (n) => `Küldemény kézbesítve – küldeményszám: ${n}`,
    body: (shop, date) => `Visszaküldött csomagját ${date} kézbesítettük a webáruháznak (${shop}).`,
    refund: (shop) =>
      `A vételárat a webáruház (${shop}) téríti vissza, nem a futárszolgálat. A visszatérítéssel kapcsolatban közvetlenül a webáruházhoz forduljon.`,
    shop: 'Címzett',
    date: 'Kézbesítés napja',
  },
};

/** The journey e-mails' wording by language. */
export const eventMailCopy: Record<MailLanguage, EventMailCopy> = { cs, en, sk, pl, hu };
