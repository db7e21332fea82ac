import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { DatabaseSync } from 'node:sqlite';
import { headers } from '@parcel-returns/contract';
import { languageOfTag } from '../languages.ts';
import type { LabelLanguage } from '../labels/labelTexts.ts';
import type { Logger } from '../log.ts';
import { handleInboxRequest } from '../mail/inboxPage.ts';
import { HttpError, sendError } from './respond.ts';
import { accessPointRoute, routes } from './routes.ts';

export interface CarrierAppOptions {
  db: DatabaseSync;
  apiKey: string;
  log: Logger;
  onCreated: () => void;
  /** Serve the inbox of the embedded mail catcher at /_mail. */
  inbox: boolean;
  /** Answer the access-point extension (`GET /AccessPoint`); without it the route is unknown, as at a carrier that lacks it. */
  accessPoints?: boolean;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Labels and e-mails follow the caller's accept-language: its first language when the carrier
 * writes it (`sk-SK` is Slovak), Czech otherwise.
 */
export function languageOf(req: IncomingMessage): LabelLanguage {
  return languageOfTag(req.headers['accept-language']);
}

/**
 * The carrier service's request listener: the six API calls behind the API key, and the mail inbox.
 * It answers every failure itself, so `createServer` takes it as it is: nothing waits for it.
 */
export function createCarrierListener(options: CarrierAppOptions): RequestListener {
  const { db, log } = options;
  const table = options.accessPoints ? [...routes, accessPointRoute] : routes;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://carrier.invalid');
    } catch {
      sendError(res, new HttpError(400, 'badRequest', 'The request target is not valid.'));
      return;
    }
    try {
      if (options.inbox && handleInboxRequest(db, req, res, url)) return;
      const matches = table.flatMap((route) => {
        const match = route.path.exec(url.pathname);
        return match ? [{ route, id: match[1] }] : [];
      });
      if (matches.length === 0) throw new HttpError(404, 'notFound', 'There is no such resource.');
      if (!sameSecret(req.headers[headers.apiKey.toLowerCase()] as string | undefined, options.apiKey)) {
        throw new HttpError(401, 'unauthorized', `A valid ${headers.apiKey} header is required.`);
      }
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const found = matches.find(({ route }) => route.method === method);
      if (!found) {
        const allow = matches.map(({ route }) => route.method).join(', ');
        throw new HttpError(405, 'methodNotAllowed', `Use ${allow}.`, undefined, { Allow: allow });
      }
      await found.route.handler(
        { db, language: languageOf(req), onCreated: options.onCreated },
        req,
        res,
        url,
        found.id,
      );
    } catch (error) {
      if (error instanceof HttpError) sendError(res, error);
      else {
        log.error('carrier.unhandled', {
          path: url.pathname,
          error: error instanceof Error ? error.stack : String(error),
        });
        if (!res.headersSent)
          sendError(res, new HttpError(500, 'internalServerError', 'An unexpected server error occurred.'));
        else res.destroy();
      }
    } finally {
      log.info('carrier.request', {
        method: req.method,
        path: url.pathname,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
        app: req.headers[headers.applicationName.toLowerCase()],
        version: req.headers[headers.applicationVersion.toLowerCase()],
      });
    }
  };
  return (req, res) => {
    void handle(req, res);
  };
}
