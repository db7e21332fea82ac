import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOn } from '@parcel-returns/listen';
import { addressCount, defaultAddressData, ensureAddressSchema, importAddresses } from './addresses/index.ts';
import type { CarrierConfig } from './config.ts';
import { nearestForReturn } from './accessPoints/search.ts';
import { ensureAccessPointSchema, seedAccessPoints } from './accessPoints/store.ts';
import { startDemoProgress } from './demoProgress.ts';
import { createCarrierListener } from './http/app.ts';
import { renderLabelPdf, type LabelInput } from './labels/labelPdf.ts';
import type { Logger } from './log.ts';
import { ensureMailSchema, startMailCatcher } from './mail/catcher.ts';
import { composeOutboxMail, outboxMessageId } from './mail/outboxMail.ts';
import { createMailTransport } from './mail/transport.ts';
import { startMailDispatcher } from './mailDispatcher.ts';
import { labelRecipient } from './rules.ts';
import { openDatabase } from './store/db.ts';
import type { StoredReturnPage } from './store/returnPages.ts';
import { shipmentNumberFor, type StoredReturn } from './store/returns.ts';
import { startWorker, type RenderedLabel } from './worker.ts';

export type CarrierService = Awaited<ReturnType<typeof startCarrier>>;

/** The label's data: the sender from the request, the recipient by the carrier's address rule. */
export function labelInputFor(record: StoredReturn, page: StoredReturnPage): Omit<LabelInput, 'format'> {
  const { sender } = record.request;
  const recipient = labelRecipient(page.page.returnAddresses, sender.country);
  if (!recipient) throw new Error('the return page has no address');
  return {
    language: record.language,
    shipmentNumber: shipmentNumberFor(record.id),
    labelless: record.request.labelless,
    smartPin: record.smartPin ?? undefined,
    handover: record.request.prepaidDriverPickUp ? 'driver' : 'pickupPoint',
    sender: { ...sender, phone: sender.phone ?? undefined },
    recipient,
    customerReference: record.request.customerReference || undefined,
    createdAt: new Date(record.createdAt),
  };
}

async function renderLabels(record: StoredReturn, page: StoredReturnPage): Promise<RenderedLabel[]> {
  const input = labelInputFor(record, page);
  const stem = `${input.labelless ? 'return-qr' : 'return-label'}-${input.shipmentNumber}`;
  return [
    { format: 'label', filename: `${stem}.pdf`, pdf: await renderLabelPdf({ ...input, format: 'label' }) },
    { format: 'a4', filename: `${stem}-a4.pdf`, pdf: await renderLabelPdf({ ...input, format: 'a4' }) },
  ];
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  await listenOn(server, port, host, 'CARRIER_PORT');
  return (server.address() as AddressInfo).port;
}

/**
 * Starts the reference carrier: its SQLite store, the address index (importing the
 * embedded Plzeň extract on first start), the label worker, the mail catcher and
 * dispatcher, the demo's parcel journeys when asked for, and the HTTP API.
 */
export async function startCarrier(config: CarrierConfig, log: Logger) {
  const db = openDatabase(config.CARRIER_DB_PATH);
  ensureAddressSchema(db);
  if (addressCount(db) === 0) {
    const imported = await importAddresses(db, defaultAddressData);
    log.info('addresses.imported', { points: imported.points, ms: imported.ms });
  }
  const accessPointsOn = config.CARRIER_ACCESS_POINTS === 'on';
  ensureAccessPointSchema(db);
  const seeded = seedAccessPoints(db);
  if (seeded.points || seeded.places) log.info('accessPoints.seeded', seeded);
  ensureMailSchema(db);
  const catcher = config.SMTP_URL
    ? undefined
    : await startMailCatcher(db, { port: config.CARRIER_SMTP_PORT }).catch((error: unknown) => {
        db.close();
        throw error;
      });
  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    ...(catcher && { catcherPort: catcher.port }),
    from: config.MAIL_FROM,
  });
  const dispatcher = startMailDispatcher({
    db,
    log,
    send: async (entry, context) => {
      const places =
        context.kind === 'label' && accessPointsOn ? nearestForReturn(db, context.record.request) : undefined;
      const mail = await composeOutboxMail(context, places);
      const messageId = outboxMessageId(context, config.MAIL_FROM);
      return (await transport.send({ to: entry.recipient, ...mail, messageId })).messageId;
    },
  });
  const worker = startWorker({
    db,
    log,
    renderLabels,
    processingDelayMs: config.CARRIER_PROCESSING_DELAY_MS,
    onComplete: () => dispatcher.kick(),
    demoProgress: config.CARRIER_DEMO_PROGRESS === 'on',
  });
  const demo =
    config.CARRIER_DEMO_PROGRESS === 'on'
      ? startDemoProgress({
          db,
          log,
          stepMs: config.CARRIER_DEMO_PROGRESS_STEP_MS,
          onEvent: () => dispatcher.kick(),
        })
      : undefined;
  const listener = createCarrierListener({
    db,
    apiKey: config.CARRIER_API_KEY,
    log,
    onCreated: () => worker.kick(),
    inbox: !config.SMTP_URL,
    accessPoints: accessPointsOn,
  });
  const server = createServer(listener);
  const port = await listen(server, config.CARRIER_PORT, config.CARRIER_HOST).catch(
    async (error: unknown) => {
      // Nothing may stay open behind a port that was taken: the worker, the mail, the catcher, the store.
      await worker.stop();
      await demo?.stop();
      await dispatcher.stop();
      transport.close();
      await catcher?.close();
      db.close();
      throw error;
    },
  );
  const url = `http://${config.CARRIER_HOST}:${port}`;
  log.info('carrier.started', { url, smtp: config.SMTP_URL ? 'external' : `catcher on ${catcher?.port}` });

  return {
    url,
    db,
    worker,
    dispatcher,
    demo,
    async close() {
      await worker.stop();
      await demo?.stop();
      await dispatcher.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      transport.close();
      await catcher?.close();
      db.close();
    },
  };
}
