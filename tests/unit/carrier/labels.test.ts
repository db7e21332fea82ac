import { describe, expect, it } from 'vitest';
import { decodeCode128, encodeCode128 } from '../../../carrier/labels/code128.ts';
import { renderLabelPdf, smartPinPayload, type LabelInput } from '../../../carrier/labels/labelPdf.ts';
import { labelTexts } from '../../../carrier/labels/labelTexts.ts';
import { carrierLanguages } from '../../../carrier/languages.ts';
import { barcodeBars, contentRects, qrModules, readBarcode, readPdf, readQr } from './_pdfReader.ts';

const mm = (millimetres: number) => (millimetres * 72) / 25.4;
const symbolCount = (widths: number[]) => (widths.length - 7) / 6 + 1;

describe('Code 128', () => {
  it.each(['10000000000017', '1234567', '7', 'A', 'Return 2026/11 #42', 'AB12345', 'x1234y', ' !"~{|}`'])(
    'reads %j back from its widths',
    (value) => {
      const widths = encodeCode128(value);
      expect(widths.every((width) => width >= 1 && width <= 4)).toBe(true);
      expect(decodeCode128(widths)).toBe(value);
    },
  );

  it('writes the symbol patterns of ISO/IEC 15417', () => {
    // Start C, 12, checksum (105 + 12) mod 103 = 14, Stop, as printed in the standard's table.
    const expected = ['211232', '112232', '122231', '2331112'].join('');
    expect(encodeCode128('12').join('')).toBe(expected);
  });

  it('packs digit pairs into code set C only where that is shorter', () => {
    // Start C, seven pairs, checksum, stop.
    expect(symbolCount(encodeCode128('10000000000017'))).toBe(10);
    expect(encodeCode128('10000000000017').reduce((sum, width) => sum + width, 0)).toBe(112);
    // Start B, A, B, 1, Code C, 23, 45, checksum, stop: one shorter than all seven in set B.
    expect(symbolCount(encodeCode128('AB12345'))).toBe(9);
    // Two digits between letters are not worth two switches.
    expect(symbolCount(encodeCode128('A12B'))).toBe(7);
  });

  it('rejects what it cannot encode', () => {
    expect(() => encodeCode128('Příjemce')).toThrow('only printable ASCII can be encoded, not U+0159');
    expect(() => encodeCode128('tab\there')).toThrow('not U+0009');
    expect(() => encodeCode128('')).toThrow('must not be empty');
  });

  it('refuses widths with a wrong checksum, a missing stop or an unknown symbol', () => {
    const widths = encodeCode128('12345678');
    const checksumAt = widths.length - 13;
    const wrongChecksum = [...widths];
    wrongChecksum.splice(checksumAt, 6, ...[2, 1, 2, 2, 2, 2]);
    expect(() => decodeCode128(wrongChecksum)).toThrow('checksum');
    expect(() => decodeCode128(widths.slice(0, -7).concat([2, 1, 2, 2, 2, 2, 1]))).toThrow('no symbol');
    expect(() => decodeCode128(widths.slice(0, -1))).toThrow('cannot form a symbol');
  });

  it('reads a set A symbol and a Shift, which other printers write', () => {
    // Start A, 'A', Shift, 'a' (read in set B), checksum 12, Stop; patterns from ISO/IEC 15417.
    const widths = ['211412', '111323', '411311', '121124', '112232', '2331112']
      .join('')
      .split('')
      .map(Number);
    expect(decodeCode128(widths)).toBe('Aa');
  });
});

const input: LabelInput = {
  format: 'label',
  language: 'cs',
  shipmentNumber: '10000000000017',
  labelless: false,
  smartPin: 'K7Q-2M9',
  handover: 'pickupPoint',
  sender: {
    name: 'Řehoř Žďárský',
    street: 'Třebízského 1234/56',
    zipCode: '130 00',
    city: 'Praha 3',
    country: 'CZ',
    phone: '+420 777 123 456',
    email: 'rehor@example.cz',
  },
  recipient: { name: 'Łódź Żółć Kft.', street: 'Skladová 7', zipCode: '625 00', city: 'Brno', country: 'CZ' },
  customerReference: 'OBJ-4211',
  createdAt: new Date('2026-11-21T09:30:00Z'),
};

/** Every text item lies on the page, at least `inset` points inside its edges. */
function expectInside(page: Awaited<ReturnType<typeof readPdf>>, inset: number) {
  for (const item of page.items) {
    expect(item.x, item.text).toBeGreaterThanOrEqual(inset - 0.5);
    expect(item.x + item.width, item.text).toBeLessThanOrEqual(page.width - inset + 0.5);
    expect(item.y, item.text).toBeGreaterThanOrEqual(inset);
    expect(item.y + item.height, item.text).toBeLessThanOrEqual(page.height);
  }
}

describe('printed return label', () => {
  it('prints sender, recipient, hand-over and shipment number in Czech on a 100 × 150 mm page', async () => {
    const page = await readPdf(await renderLabelPdf(input));
    expect(page.pages).toBe(1);
    expect(page.width).toBeCloseTo(283.46, 1);
    expect(page.height).toBeCloseTo(425.2, 1);
    for (const text of [
      'Odesílatel',
      'Řehoř Žďárský',
      'Třebízského 1234/56',
      'Příjemce',
      'Łódź Żółć Kft.',
      'Způsob předání',
      'Výdejní místo',
      'Číslo zásilky',
      '10000000000017',
      'OBJ-4211',
      'Vytvořeno: 21. 11. 2026',
    ]) {
      expect(page.text).toContain(text);
    }
    expect(page.text).toMatch(/Štítek nalepte na balík/);
    expectInside(page, mm(4));
  });

  it('follows the language: English words for a driver pickup', async () => {
    const page = await readPdf(await renderLabelPdf({ ...input, language: 'en', handover: 'driver' }));
    for (const text of ['Sender', 'Recipient', 'Hand-over', 'Driver pickup', 'Shipment number', 'CZECHIA']) {
      expect(page.text).toContain(text);
    }
    expect(page.text).not.toMatch(/Odesílatel|Příjemce|Výdejní|ČESKO/);
    expect(page.text).toContain('hand the parcel to the driver');
  });

  it.each(carrierLanguages)(
    'prints every word in %s, inside the label, with the country in that language',
    async (language) => {
      const texts = labelTexts[language];
      for (const labelless of [false, true]) {
        for (const handover of ['pickupPoint', 'driver'] as const) {
          const page = await readPdf(await renderLabelPdf({ ...input, language, labelless, handover }));
          const words = [texts.sender, texts.recipient, texts.handover, texts.handoverMethod[handover]];
          for (const text of words) expect(page.text, `${language} ${handover}`).toContain(text);
          const instruction = labelless ? texts.codeInstruction[handover] : texts.labelInstruction[handover];
          // The instruction may wrap, never be cut: every word of it is printed.
          for (const word of instruction.split(' ')) expect(page.text, instruction).toContain(word);
          const country = new Intl.DisplayNames([texts.locale], { type: 'region' }).of('CZ')!;
          expect(page.text).toContain(country.toLocaleUpperCase(texts.locale));
          expectInside(page, mm(4));
        }
      }
    },
  );

  it('carries the shipment number as a scannable Code 128 barcode', async () => {
    const pdf = await renderLabelPdf(input);
    const bars = barcodeBars(contentRects(pdf));
    const { value, module } = readBarcode(bars);
    expect(value).toBe('10000000000017');
    expect(module).toBeGreaterThanOrEqual(mm(0.33));
    expect(bars[0]!.height).toBeGreaterThanOrEqual(mm(15));
    // Ten modules of quiet zone on either side, inside the label, and no text on the bars.
    const left = bars[0]!.x;
    const right = bars.at(-1)!.x + bars.at(-1)!.width;
    expect(left - 10 * module).toBeGreaterThanOrEqual(0);
    expect(right + 10 * module).toBeLessThanOrEqual(mm(100));
    const page = await readPdf(pdf);
    const barsBottom = page.height - bars[0]!.y - bars[0]!.height;
    const onBars = page.items.filter(
      (item) => item.y < barsBottom + bars[0]!.height && item.y + item.height > barsBottom,
    );
    expect(onBars.map((item) => item.text)).toEqual([]);
  });

  it('sets title, author, subject, language and creation date', async () => {
    const page = await readPdf(await renderLabelPdf(input));
    expect(page.info).toMatchObject({
      Title: 'Přepravní štítek vratky 10000000000017',
      Author: 'Parcelo',
      Subject: 'Štítek pro vrácení zásilky',
      Language: 'cs-CZ',
    });
    expect(String(page.info['CreationDate'])).toMatch(/^D:20261121093000Z/);
  });

  it('gives the same bytes for the same input, and differs only with the date', async () => {
    const first = await renderLabelPdf(input);
    expect((await renderLabelPdf({ ...input })).equals(first)).toBe(true);
    const later = await renderLabelPdf({ ...input, createdAt: new Date('2026-11-22T09:30:00Z') });
    expect(later.equals(first)).toBe(false);
  });

  it('shrinks and wraps the longest addresses the contract allows, keeping them whole on the label', async () => {
    const long = (text: string, length: number) =>
      text.repeat(Math.ceil(length / text.length)).slice(0, length);
    const party = {
      name: long('Hospodářské družstvo Přeštice ', 100).trim(),
      street: long('Nábřeží Kapitána Jaroše ', 120).trim(),
      zipCode: '123456789012',
      city: long('Frýdlant nad Ostravicí ', 80).trim(),
      country: 'PL',
      phone: '+420 777 123 456 789 012 34567',
      email: 'velmi.dlouha.adresa.odesilatele@example.cz',
    };
    const recipient = { ...party, phone: undefined, email: undefined };
    for (const labelless of [false, true]) {
      const pdf = await renderLabelPdf({ ...input, labelless, sender: party, recipient });
      const page = await readPdf(pdf);
      expect(page.pages).toBe(1);
      expectInside(page, mm(4));
      const squeezed = page.text.replace(/\s+/g, '');
      for (const text of [party.name, party.street, party.city, party.email]) {
        expect(squeezed).toContain(text.replace(/\s+/g, ''));
      }
      expect(Math.min(...page.items.map((item) => item.height))).toBeGreaterThanOrEqual(4.99);
    }
  });
});

describe('label-less return', () => {
  const labelless = { ...input, labelless: true };

  it('shows a QR code of at least 35 mm that reads as the SmartPIN payload', async () => {
    const pdf = await renderLabelPdf(labelless);
    const { value, size, module } = readQr(qrModules(contentRects(pdf)));
    expect(value).toBe('SMARTPIN:K7Q-2M9;SHIPMENT:10000000000017');
    expect(value).toBe(smartPinPayload('K7Q-2M9', '10000000000017'));
    expect(size).toBeGreaterThanOrEqual(mm(35));
    expect(module).toBeGreaterThan(mm(0.5));
    expect(barcodeBars(contentRects(pdf))).toEqual([]);
  });

  it('prints the PIN, both addresses and the instruction for the hand-over', async () => {
    const page = await readPdf(await renderLabelPdf(labelless));
    for (const text of [
      'K7Q-2M9',
      'Ukažte tento kód na výdejním místě',
      'Příjemce',
      'Odesílatel',
      'Łódź Żółć Kft.',
    ]) {
      expect(page.text).toContain(text);
    }
    const driver = await readPdf(await renderLabelPdf({ ...labelless, language: 'en', handover: 'driver' }));
    expect(driver.text).toContain('Show this code to the driver');
  });

  it('needs a well-formed SmartPIN', async () => {
    await expect(renderLabelPdf({ ...labelless, smartPin: undefined })).rejects.toThrow('needs its SmartPIN');
    await expect(renderLabelPdf({ ...labelless, smartPin: 'K7Q;2M9' })).rejects.toThrow('SmartPIN');
    expect(() => smartPinPayload('k7q-2m9', '10000000000017')).toThrow('capital letters');
  });
});

describe('A4 sheet', () => {
  it('places the label top left on an A4 page with dashed cut lines', async () => {
    const pdf = await renderLabelPdf({ ...input, format: 'a4' });
    const page = await readPdf(pdf);
    expect(page.width).toBeCloseTo(595.28, 1);
    expect(page.height).toBeCloseTo(841.89, 1);
    expect(readBarcode(barcodeBars(contentRects(pdf))).value).toBe('10000000000017');
    const cut = contentRects(pdf).filter((rect) => Math.abs(rect.height - mm(150)) < 0.01);
    expect(cut).toEqual([
      {
        x: expect.closeTo(mm(10), 2),
        y: expect.closeTo(mm(10), 2),
        width: expect.closeTo(mm(100), 2),
        height: expect.closeTo(mm(150), 2),
      },
    ]);
    expect(page.text).toContain('Štítek vystřihněte podél přerušované čáry.');
    expect(Math.max(...page.items.map((item) => item.x + item.width))).toBeLessThan(mm(110));
  });

  it('keeps the QR code readable on A4', async () => {
    const pdf = await renderLabelPdf({ ...input, format: 'a4', labelless: true, language: 'en' });
    expect(readQr(qrModules(contentRects(pdf))).value).toBe(smartPinPayload('K7Q-2M9', '10000000000017'));
  });
});

describe('input checks', () => {
  it('rejects a shipment number that is not 14 digits', async () => {
    await expect(renderLabelPdf({ ...input, shipmentNumber: '1234' })).rejects.toThrow('14 digits');
    await expect(renderLabelPdf({ ...input, createdAt: new Date('soon') })).rejects.toThrow('date');
  });
});
