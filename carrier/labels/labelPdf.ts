/**
 * Renders the PDF a sender prints (or shows at the counter) for an accepted return. The output is a
 * pure function of the input: the creation date is the only time that reaches the file, so the
 * same input gives the same bytes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { drawLabellessLabel } from './labellessLabel.ts';
import { boldFont, drawFitted, mm, regularFont, type Doc } from './labelFit.ts';
import { labelHeight, labelWidth } from './labelParts.ts';
import { drawPrintedLabel } from './printedLabel.ts';
import { assertShipmentNumber, smartPinPayload } from './smartPin.ts';
import { carrierName, labelTexts, type Handover, type LabelLanguage } from './labelTexts.ts';
import { woffToSfnt } from './woff.ts';

export { smartPinPayload };

export interface LabelParty {
  name: string;
  street: string;
  zipCode: string;
  city: string;
  country: string;
  phone?: string | undefined;
  email?: string | undefined;
}

export interface LabelInput {
  /** 'label': one 100 × 150 mm page; 'a4': the same label on an A4 page, with cut lines. */
  format: 'label' | 'a4';
  language: LabelLanguage;
  shipmentNumber: string;
  /** True for the QR/SmartPIN variant: nothing to stick on, the code is shown at hand-over. */
  labelless: boolean;
  smartPin?: string | undefined;
  handover: Handover;
  sender: LabelParty;
  recipient: LabelParty;
  customerReference?: string | undefined;
  createdAt: Date;
}

// Office printers cannot print the outer few millimetres of a sheet.
const a4Offset = mm(10);

// DejaVu Sans has every Czech, Polish and Hungarian letter; the PDF standard fonts lack 'ř' and 'ő'.
const require = createRequire(import.meta.url);
const fontFile = (weight: number) =>
  woffToSfnt(
    readFileSync(require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`)),
  );
// Unpacked on first use and kept: the fonts never change while the service runs.
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** Fails before any drawing, so a bad input never yields half a document. */
function validate(input: LabelInput): void {
  assertShipmentNumber(input.shipmentNumber);
  if (Number.isNaN(input.createdAt.getTime())) throw new Error('The creation date of the label is invalid.');
  if (input.labelless) {
    if (input.smartPin === undefined) throw new Error('A label-less return needs its SmartPIN.');
    smartPinPayload(input.smartPin, input.shipmentNumber);
  }
}

function drawLabel(doc: Doc, input: LabelInput): void {
  const texts = labelTexts[input.language];
  // The carrier works in Czech time; a label created at 00:30 in Prague shows that day.
  const dateFormat = new Intl.DateTimeFormat(texts.locale, {
    dateStyle: 'medium',
    timeZone: 'Europe/Prague',
  });
  const date = dateFormat.format(input.createdAt);
  if (input.labelless && input.smartPin !== undefined) {
    drawLabellessLabel(doc, { ...input, smartPin: input.smartPin }, texts, date);
  } else {
    drawPrintedLabel(doc, input, texts, date);
  }
}

function drawOnA4(doc: Doc, input: LabelInput): void {
  doc.save().translate(a4Offset, a4Offset);
  drawLabel(doc, input);
  doc.restore();
  doc.rect(a4Offset, a4Offset, labelWidth, labelHeight).lineWidth(0.6).strokeColor('black');
  doc
    .dash(mm(2), { space: mm(1.5) })
    .stroke()
    .undash();
  const texts = labelTexts[input.language];
  const note = { text: input.labelless ? texts.cutCode : texts.cutLabel, size: 9 };
  const below = { x: a4Offset, y: a4Offset + labelHeight + mm(3), width: labelWidth, height: mm(10) };
  drawFitted(doc, [note], below);
}

/** Renders the return label (or label-less code) described by input as PDF bytes. */
export async function renderLabelPdf(input: LabelInput): Promise<Buffer> {
  validate(input);
  const texts = labelTexts[input.language];
  fonts ??= { regular: fontFile(400), bold: fontFile(700) };
  const doc = new PDFDocument({
    size: input.format === 'label' ? [labelWidth, labelHeight] : 'A4',
    margin: 0,
    lang: texts.locale,
    displayTitle: true,
    info: {
      Title: `${texts.documentTitle} ${input.shipmentNumber}`,
      Author: carrierName,
      Subject: texts.documentSubject,
      Creator: carrierName,
      CreationDate: input.createdAt,
    },
  });
  doc.registerFont(regularFont, fonts.regular);
  doc.registerFont(boldFont, fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (input.format === 'label') drawLabel(doc, input);
  else drawOnA4(doc, input);
  doc.end();
  return done;
}
