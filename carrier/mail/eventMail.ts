import { eventMailCopy } from './eventMailCopy.ts';
import { labelMailCopy, type MailLanguage } from './labelMailCopy.ts';
import { mailDate, mailDateTime, mailOnDay } from './mailDates.ts';
import {
  footerParagraph,
  mailDocument,
  paragraph,
  summaryTable,
  summaryText,
  type ComposedMail,
} from './mailLayout.ts';

export interface EventMailInput {
  language: MailLanguage;
  senderName: string;
  shipmentNumber: string;
  /** When it happened (epoch ms). */
  at: number;
}

/** A journey e-mail: its paragraphs, then the summary and the footer. */
function compose(
  language: MailLanguage,
  subject: string,
  paragraphs: string[],
  summary: [string, string][],
): ComposedMail {
  const { footer } = labelMailCopy[language];
  const text = [...paragraphs, summaryText(summary), footer].join('\n\n');
  const html = mailDocument(language, subject, [
    ...paragraphs.map((value) => paragraph(value)),
    summaryTable(summary),
    footerParagraph(footer),
  ]);
  return { subject, text, html, attachments: [] };
}

/** The proof of drop-off: where (a pick-up point, or the courier when `place` is null) and when. */
export function composeHandedOverMail(input: EventMailInput & { place: string | null }): ComposedMail {
  const copy = eventMailCopy[input.language].handedOver;
  const label = labelMailCopy[input.language];
  return compose(
    input.language,
    copy.subject(input.shipmentNumber),
    [label.greeting(input.senderName), copy.body, copy.keep],
    [
      [label.summary.shipmentNumber, input.shipmentNumber],
      [copy.place, input.place ?? copy.byDriver],
      [copy.time, mailDateTime(input.language, input.at)],
    ],
  );
}

/** The delivery note: the shop has the parcel since that day, and the refund is the shop's to give. */
export function composeDeliveredMail(input: EventMailInput & { shop: string }): ComposedMail {
  const copy = eventMailCopy[input.language].delivered;
  const label = labelMailCopy[input.language];
  const date = mailDate(input.language, input.at);
  const onDay = mailOnDay(input.language, input.at);
  return compose(
    input.language,
    copy.subject(input.shipmentNumber),
    [label.greeting(input.senderName), copy.body(input.shop, onDay), copy.refund(input.shop)],
    [
      [label.summary.shipmentNumber, input.shipmentNumber],
      [copy.shop, input.shop],
      [copy.date, date],
    ],
  );
}
