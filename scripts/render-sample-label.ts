/**
 * Writes sample return labels to /tmp for eyeballing: every format and variant in every language.
 * Run with `npx node scripts/render-sample-label.ts [directory]`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderLabelPdf, type LabelInput } from '../carrier/labels/labelPdf.ts';
import { carrierLanguages } from '../carrier/languages.ts';

const directory = process.argv[2] ?? '/tmp';

const sample: LabelInput = {
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
    email: 'rehor.zdarsky@example.cz',
  },
  recipient: {
    name: 'E-shop Ůžasné zboží s.r.o.',
    street: 'Skladová 1289/7',
    zipCode: '625 00',
    city: 'Brno-Bohunice',
    country: 'CZ',
  },
  customerReference: 'OBJ-2026-004211',
  createdAt: new Date('2026-11-21T09:30:00Z'),
};

for (const format of ['label', 'a4'] as const) {
  for (const labelless of [false, true]) {
    for (const language of carrierLanguages) {
      const name = `label-${format}-${labelless ? 'qr' : 'printed'}-${language}.pdf`;
      const started = performance.now();
      const pdf = await renderLabelPdf({ ...sample, format, labelless, language });
      const milliseconds = Math.round(performance.now() - started);
      await writeFile(join(directory, name), pdf);
      console.log(`${join(directory, name)}  ${pdf.length} bytes  ${milliseconds} ms`);
    }
  }
}
