import { describe, expect, it } from 'vitest';
import { composeDeliveredMail, composeHandedOverMail } from '../../../carrier/mail/eventMail.ts';
import { composeLabelMail } from '../../../carrier/mail/labelMail.ts';
import { mailOnDay } from '../../../carrier/mail/mailDates.ts';
import { sentence } from '../../../carrier/mail/sentence.ts';
import { carrierLanguages } from '../../../carrier/languages.ts';

/*
 * Every e-mail in every language ends each sentence once, whatever the names put into it: a shop
 * or a sender whose name ends in a full stop ("Moda s.r.o.", "Kovács és Tsa. Kft.") or another
 * mark, a pick-up point's name, any day of the month.
 */

const shops = ['Knihkupectví U Zoo', 'Moda Europe s.r.o.', 'Kovács és Tsa. Kft.', 'Hop!', 'Co dál?'];
const senders = ['Jana Nováková', 'J. Smith Jr.', 'Kabelky Plzeň, s.r.o.'];
const places = ['Trafika U Zoo, Plzeň', 'Potraviny u nádraží s.r.o.', null];
// Days that put each of Hungarian's day suffixes and both digit counts in the sentence.
const days = [1, 2, 4, 12, 21, 28, 30, 31].map((day) => Date.UTC(2026, 0, day, 10));

/** A closing mark doubled, or a full stop after another closing mark: a sentence ended twice. */
const twice = /(?<!\.)\.\.(?!\.)|[!?…]\.|\.\s+\./;

async function everyMail(): Promise<{ name: string; text: string; html: string }[]> {
  const mails: { name: string; text: string; html: string }[] = [];
  for (const language of carrierLanguages) {
    for (const senderName of senders)
      for (const labelless of [false, true])
        for (const handover of ['pickupPoint', 'driver'] as const) {
          const mail = await composeLabelMail({
            language,
            to: 'sender@example.com',
            senderName,
            shipmentNumber: '10000000000017',
            labelless,
            smartPin: labelless ? '123456' : undefined,
            handover,
            createdAt: new Date(days[0]!),
            pdf: Buffer.from('%PDF-1.7\n%%EOF\n'),
            filename: 'label.pdf',
          });
          mails.push({ name: `${language} label ${String(labelless)} ${handover} ${senderName}`, ...mail });
        }
    for (const place of places)
      mails.push({
        name: `${language} handed over ${place}`,
        ...composeHandedOverMail({
          language,
          senderName: senders[1]!,
          shipmentNumber: '10000000000017',
          at: days[1]!,
          place,
        }),
      });
    for (const shop of shops)
      for (const at of days)
        mails.push({
          name: `${language} delivered ${shop} ${new Date(at).toISOString()}`,
          ...composeDeliveredMail({
            language,
            senderName: senders[0]!,
            shipmentNumber: '10000000000017',
            at,
            shop,
          }),
        });
  }
  return mails;
}

describe('the e-mails', () => {
  it('end each sentence once in every language, whatever the shop, sender or place is called', async () => {
    const mails = await everyMail();
    expect(mails.length).toBeGreaterThan(200);
    const doubled = mails.flatMap(({ name, text, html }) =>
      [text, html.replace(/<[^>]*>/g, ' ')].flatMap((body) =>
        body
          .split('\n')
          .filter((line) => twice.test(line))
          .map((line) => `${name}: ${line.trim()}`),
      ),
    );
    expect(doubled).toEqual([]);
  });

  it('end a sentence on a name with the name’s own mark or a full stop', () => {
    expect(sentence('doručena příjemci Kabelky')).toBe('doručena příjemci Kabelky.');
    expect(sentence('doručena příjemci Moda s.r.o.')).toBe('doručena příjemci Moda s.r.o.');
    expect(sentence('please contact Hop!')).toBe('please contact Hop!');
  });

  it('say in Hungarian the day of delivery with its case, and keep the bare date elsewhere', () => {
    const on = (day: number) => mailOnDay('hu', Date.UTC(2026, 0, day, 10));
    expect([1, 2, 3, 4, 10, 12, 13, 20, 21, 28, 30, 31].map(on)).toEqual([
      '2026. január 1-jén',
      '2026. január 2-án',
      '2026. január 3-án',
      '2026. január 4-én',
      '2026. január 10-én',
      '2026. január 12-én',
      '2026. január 13-án',
      '2026. január 20-án',
      '2026. január 21-én',
      '2026. január 28-án',
      '2026. január 30-án',
      '2026. január 31-én',
    ]);
    expect(mailOnDay('cs', Date.UTC(2026, 0, 28, 10))).toBe('28. ledna 2026');
  });
});
