import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, connect, type AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureMailSchema,
  getCaughtMail,
  listCaughtMails,
  startMailCatcher,
  type MailCatcher,
} from '../../../carrier/mail/catcher.ts';
import { handleInboxRequest } from '../../../carrier/mail/inboxPage.ts';
import { composeLabelMail, type LabelMailInput } from '../../../carrier/mail/labelMail.ts';
import { labelMailCopy } from '../../../carrier/mail/labelMailCopy.ts';
import { carrierLanguages } from '../../../carrier/languages.ts';
import { createMailTransport, type MailTransport } from '../../../carrier/mail/transport.ts';
import { freePort } from '@parcel-returns/listen';

// Not valid UTF-8 on purpose: a text round trip anywhere would change these bytes.
const pdf = Buffer.concat([
  Buffer.from('%PDF-1.7 test label\n'),
  Buffer.from([0, 0xff, 0x80, 0xc3, 0x0a]),
  Buffer.from('%%EOF\n'),
]);

let db: DatabaseSync;
let catcher: MailCatcher;
let transport: MailTransport;
let inbox: Server;
let base: string;

beforeAll(async () => {
  db = new DatabaseSync(':memory:');
  catcher = await startMailCatcher(db, { port: 0 });
  transport = createMailTransport({ catcherPort: catcher.port, from: 'Carrier <labels@carrier.example>' });
  // Stands in for the carrier's server: the inbox answers its paths, everything else is someone else's.
  inbox = createHttpServer((req, res) => {
    if (!handleInboxRequest(db, req, res, new URL(req.url ?? '/', 'http://localhost')))
      res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(inbox.address() as AddressInfo).port}`;
});

afterAll(async () => {
  transport.close();
  await catcher.close();
  inbox.close();
  db.close();
});

const labelInput = (overrides: Partial<LabelMailInput> = {}): LabelMailInput => ({
  language: 'cs',
  to: 'jana.novakova@example.cz',
  senderName: 'Jana Nováková',
  shipmentNumber: '10000000000017',
  labelless: false,
  handover: 'pickupPoint',
  createdAt: new Date('2026-03-13T09:30:00Z'),
  pdf,
  filename: 'label-10000000000017.pdf',
  ...overrides,
});

/** Sends a composed label mail through the catcher and returns what it stored. */
async function deliver(input: LabelMailInput) {
  const { messageId } = await transport.send({ to: input.to, ...(await composeLabelMail(input)) });
  const stored = listCaughtMails(db, { to: input.to, limit: 1 })[0];
  const mail = stored && getCaughtMail(db, stored.id);
  expect(mail?.messageId).toBe(messageId);
  return mail!;
}

const get = (path: string, init: RequestInit = {}) => fetch(base + path, init);

describe('label mail through the catcher', () => {
  it.each([
    {
      name: 'Czech printed label, pick-up point',
      input: labelInput({ to: 'cs-label@example.cz' }),
      subject: 'Štítek pro vrácení zásilky 10000000000017',
      says: [
        'Dobrý den,',
        'Přiložený štítek vytiskněte a nalepte na balík.',
        'odneste na kterékoli výdejní místo',
      ],
      sizeNote: 'Výdejní místo musí balík vaší velikosti přijmout.',
    },
    {
      name: 'Czech QR code, courier',
      input: labelInput({ to: 'cs-qr@example.cz', labelless: true, smartPin: '481516', handover: 'driver' }),
      subject: 'QR kód pro vrácení zásilky 10000000000017',
      says: ['Přiložený QR kód (SmartPIN 481516) ukažte kurýrovi', 'Pro balík si k vám přijede kurýr.'],
      sizeNote: undefined,
    },
    {
      name: 'English QR code, pick-up point',
      input: labelInput({ language: 'en', to: 'en-qr@example.com', labelless: true, smartPin: '2342' }),
      subject: 'Return QR code for shipment 10000000000017',
      says: ['Hello Jana Nováková,', 'Show the attached QR code (SmartPIN 2342) at the pick-up point.'],
      sizeNote: 'The pick-up point must accept a parcel of your size.',
    },
    {
      name: 'English printed label, courier',
      input: labelInput({ language: 'en', to: 'en-label@example.com', handover: 'driver' }),
      subject: 'Return label for shipment 10000000000017',
      says: [
        'Print the attached label and stick it on the parcel.',
        'A driver will pick up the parcel from you.',
      ],
      sizeNote: undefined,
    },
  ])('stores the $name mail with its PDF byte for byte', async ({ input, subject, says, sizeNote }) => {
    const mail = await deliver(input);
    expect(mail).toMatchObject({ subject, from: 'labels@carrier.example', to: [input.to] });
    for (const sentence of says) expect(mail.text).toContain(sentence);
    expect(mail.text).toContain('10000000000017');
    expect(mail.html).toContain(`<html lang="${input.language}">`);
    if (sizeNote) expect(mail.text).toContain(sizeNote);
    else expect(mail.text).not.toMatch(/velikosti|of your size/);
    const file = { filename: input.filename, contentType: 'application/pdf', size: pdf.length };
    const qr = { filename: 'smartpin-qr.png', contentType: 'image/png' };
    expect(mail.attachments).toEqual(
      input.labelless
        ? expect.arrayContaining([expect.objectContaining(file), expect.objectContaining(qr)])
        : [{ index: 0, ...file }],
    );
    const { index } = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf')!;
    const response = await get(`/_mail/${mail.id}/attachments/${index}`);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it.each(carrierLanguages)('writes the whole mail in %s, in the language of its copy', async (language) => {
    const copy = labelMailCopy[language];
    for (const labelless of [false, true]) {
      const mail = await composeLabelMail(
        labelInput({ language, labelless, smartPin: labelless ? '2342' : undefined }),
      );
      expect(mail.subject).toBe(copy.subject(labelless, '10000000000017'));
      expect(mail.html).toContain(`<html lang="${language}">`);
      for (const sentence of [copy.greeting('Jana Nováková'), copy.created(labelless), copy.footer])
        expect(mail.text).toContain(sentence);
      expect(mail.text).toContain(`${copy.summary.handover}: ${copy.handoverName.pickupPoint}`);
    }
  });

  it('escapes every value it puts into the HTML', async () => {
    const { html } = await composeLabelMail(labelInput({ language: 'en', senderName: '<b>Eve</b> & "Co"' }));
    expect(html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(html).not.toContain('<b>Eve</b>');
  });

  it('also sends to a server given as an SMTP URL', async () => {
    const viaUrl = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${catcher.port}`,
      from: 'labels@carrier.example',
    });
    await viaUrl.send({
      to: 'url@example.com',
      subject: 'Via URL',
      text: 'hello',
      html: '<p>hello</p>',
      attachments: [],
    });
    viaUrl.close();
    expect(listCaughtMails(db, { to: 'URL@example.com' })).toMatchObject([
      { subject: 'Via URL', attachments: [] },
    ]);
  });
});

describe('inbox page', () => {
  let older: number;
  let newer: number;
  beforeAll(async () => {
    older = (await deliver(labelInput({ to: 'inbox@example.cz', shipmentNumber: '111' }))).id;
    newer = (
      await deliver(labelInput({ to: 'inbox@example.cz', shipmentNumber: '222', filename: 'štítek "2".pdf' }))
    ).id;
  });

  it('lists messages newest first, in an accessible table, under a strict policy', async () => {
    const response = await get('/_mail');
    const page = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toMatch(
      /default-src 'none'.*frame-ancestors 'none'/,
    );
    expect(response.headers.get('content-security-policy')).not.toContain('script-src');
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/<caption>\d+ messages, newest first<\/caption>/);
    expect(page.indexOf('zásilky 222')).toBeGreaterThan(-1);
    expect(page.indexOf('zásilky 222')).toBeLessThan(page.indexOf('zásilky 111'));
    expect(page).toContain(`<a href="/_mail/${newer}/attachments/0">štítek &quot;2&quot;.pdf</a>`);
  });

  it('filters by recipient', async () => {
    const page = await (await get('/_mail?to=cs-qr%40example.cz')).text();
    expect(page).toContain('1 message to cs-qr@example.cz');
    expect(page).toContain('QR kód pro vrácení zásilky');
    expect(page).not.toContain('zásilky 222');
    expect(await (await get('/_mail?to=nobody%40example.cz')).text()).toContain(
      'No mail to nobody@example.cz yet.',
    );
  });

  it('shows one message with its text and its HTML only inside a sandboxed frame', async () => {
    const page = await (await get(`/_mail/${older}`)).text();
    expect(page).toContain('<h1>Štítek pro vrácení zásilky 111</h1>');
    expect(page).toContain('<dt>To</dt><dd>inbox@example.cz</dd>');
    expect(page).toContain('<pre>Dobrý den,\n\nvaše zpětná zásilka byla vytvořena.');
    expect(page).toMatch(
      /<iframe sandbox title="[^"]+" srcdoc="&lt;!doctype html&gt;\n&lt;html lang=&quot;cs&quot;&gt;/,
    );
    expect(page).not.toContain('<html lang="cs">');
    expect(page).not.toContain('<body style=');
  });

  it('downloads an attachment under its exact, encoded name', async () => {
    const response = await get(`/_mail/${newer}/attachments/0`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="_t_tek _2_.pdf"; filename*=UTF-8''%C5%A1t%C3%ADtek%20%222%22.pdf`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('answers JSON for tools, without attachment bytes', async () => {
    const response = await get('/_mail/api/messages?to=inbox%40example.cz');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { messages } = (await response.json()) as { messages: { id: number; attachments: object[] }[] };
    expect(messages.map((message) => message.id)).toEqual([newer, older]);
    expect(messages[1]).toMatchObject({
      subject: 'Štítek pro vrácení zásilky 111',
      to: ['inbox@example.cz'],
      attachments: [
        { index: 0, filename: 'label-10000000000017.pdf', contentType: 'application/pdf', size: pdf.length },
      ],
    });
    expect(messages[1]).not.toHaveProperty('text');
    const detail = (await (await get(`/_mail/api/messages/${older}`)).json()) as { text: string };
    expect(detail.text).toContain('Přiložený štítek vytiskněte');
  });

  it('escapes HTML from a subject and a name on its pages', async () => {
    const { id } = await deliver(
      labelInput({
        to: 'evil@example.cz',
        shipmentNumber: '<script>alert(1)</script>',
        senderName: '<img src=x>',
      }),
    );
    for (const path of ['/_mail', `/_mail/${id}`]) {
      const page = await (await get(path)).text();
      expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page).not.toContain('<script>');
      expect(page).not.toContain('<img src=x>');
    }
  });

  it.each([
    ['/_mail/999999', 404],
    ['/_mail/abc', 400],
    ['/_mail/0', 400],
    ['/_mail/1/attachments/x', 400],
    ['/_mail/1/attachments/7', 404],
    ['/_mail/1/other/0', 404],
    ['/_mail/api/messages/abc', 400],
    ['/_mail/api/messages/999999', 404],
    ['/_mail/api/other', 404],
  ])('answers %s with %i', async (path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    const json = path.startsWith('/_mail/api/');
    expect(response.headers.get('content-type')).toContain(json ? 'application/json' : 'text/html');
  });

  it('refuses to change anything and leaves other paths alone', async () => {
    const response = await get('/_mail', { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await get('/_mailbox')).status).toBe(418);
    expect((await get('/api/messages')).status).toBe(418);
  });
});

describe('catcher limits and failures', () => {
  it('advertises its size limit, and neither STARTTLS nor AUTH', async () => {
    const socket = connect(catcher.port, '127.0.0.1');
    let reply = '';
    socket.setEncoding('utf8');
    socket.once('data', (greeting: string) => {
      reply = greeting;
      socket.on('data', (chunk: string) => (reply += chunk));
      socket.write('EHLO test\r\n');
    });
    await expect.poll(() => /^250 /m.test(reply)).toBe(true);
    socket.end('QUIT\r\n');
    expect(reply).toMatch(/^250[- ]SIZE 26214400\r$/m);
    expect(reply).not.toMatch(/STARTTLS|AUTH/);
  });

  it('rejects an oversized message with 552 and stores nothing', async () => {
    const smallDb = new DatabaseSync(':memory:');
    const small = await startMailCatcher(smallDb, { port: 0, maxMessageBytes: 64 * 1024 });
    const sender = createMailTransport({ catcherPort: small.port, from: 'labels@carrier.example' });
    const big = { filename: 'big.pdf', content: Buffer.alloc(128 * 1024, 1), contentType: 'application/pdf' };
    await expect(
      sender.send({ to: 'big@example.com', subject: 'Big', text: 'x', html: '<p>x</p>', attachments: [big] }),
    ).rejects.toMatchObject({ responseCode: 552 });
    sender.close();
    await small.close();
    expect(listCaughtMails(smallDb)).toEqual([]);
    smallDb.close();
  });

  it('answers 451 and tells its owner when a message cannot be stored', async () => {
    const brokenDb = new DatabaseSync(':memory:');
    const errors: Error[] = [];
    const broken = await startMailCatcher(brokenDb, { port: 0, onError: (error) => errors.push(error) });
    brokenDb.exec('DROP TABLE caught_mail_attachments');
    const sender = createMailTransport({ catcherPort: broken.port, from: 'labels@carrier.example' });
    await expect(
      sender.send({ to: 'a@example.com', subject: 's', text: 't', html: 'h', attachments: [] }),
    ).rejects.toMatchObject({ responseCode: 451 });
    expect(errors.map(String)).toEqual([expect.stringContaining('caught_mail_attachments')]);
    expect(listCaughtMails(brokenDb)).toEqual([]);
    sender.close();
    await broken.close();
    brokenDb.close();
  });

  it('fails fast when nothing listens', async () => {
    const dead = createMailTransport({ catcherPort: await freePort(), from: 'labels@carrier.example' });
    const started = Date.now();
    await expect(
      dead.send({ to: 'a@example.com', subject: 's', text: 't', html: 'h', attachments: [] }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    dead.close();
  });

  it('gives up on a server that never greets', async () => {
    const silent = createTcpServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const stuck = createMailTransport({ catcherPort: port, from: 'labels@carrier.example', timeoutMs: 300 });
    const started = Date.now();
    await expect(
      stuck.send({ to: 'a@example.com', subject: 's', text: 't', html: 'h', attachments: [] }),
    ).rejects.toThrow(/greeting/i);
    expect(Date.now() - started).toBeLessThan(2000);
    stuck.close();
    silent.close();
  });

  it('reports a port in use and keeps its schema step idempotent', async () => {
    await expect(startMailCatcher(db, { port: catcher.port })).rejects.toThrow(
      `Port ${catcher.port} on 127.0.0.1 is already in use: set CARRIER_SMTP_PORT to a free port (0 picks one).`,
    );
    expect(() => ensureMailSchema(db)).not.toThrow();
    expect(catcher.port).toBeGreaterThan(0);
  });
});
