import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postReturn } from '../../../src/server/api/createReturn.ts';
import type { ApiDeps } from '../../../src/server/api/deps.ts';
import { getChallenge } from '../../../src/server/api/humanCheck.ts';
import { createHumanCheck } from '../../../src/server/humanCheck/index.ts';
import { solveAltcha } from '../../../src/islands/humanCheck/altcha.ts';
import { apiKey, sender, startTestCarrier, tokens } from '../carrier/harness.ts';
import { apiRequest, creationRequest, testDeps } from './harness.ts';

let stop: () => Promise<void>;
let deps: ApiDeps;
let challengeServer: Server;
let challengeUrl: string;

beforeAll(async () => {
  const started = await startTestCarrier();
  stop = started.stop;
  ({ deps } = await testDeps(started.carrier.url, apiKey, {
    humanCheck: createHumanCheck({ provider: 'altcha', altchaHmacKey: 'test-hmac-key-0123456789' }),
  }));
  // The challenge endpoint served over HTTP, so the browser's solver fetches it as it would.
  const serveChallenge = async (req: IncomingMessage, res: ServerResponse) => {
    const answer = await getChallenge(deps, apiRequest(req.url ?? '/'));
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(await answer.text());
  };
  challengeServer = createServer((req, res) => void serveChallenge(req, res));
  await new Promise<void>((resolve) => challengeServer.listen(0, '127.0.0.1', resolve));
  challengeUrl = `http://127.0.0.1:${(challengeServer.address() as AddressInfo).port}/api/human-check/challenge`;
});
afterAll(async () => {
  challengeServer.close();
  await stop();
});

const submit = (token: string) =>
  postReturn(
    deps,
    creationRequest(
      { base64Token: tokens.noDriver, prepaidDriverPickUp: false, labelless: true, sender },
      { 'X-Human-Check': token },
    ),
  );

describe('creating a return with the ALTCHA human check', () => {
  it('accepts a solved challenge once and refuses its replay or another action', async () => {
    const token = await solveAltcha(challengeUrl, 'createDormant');
    const first = await submit(token);
    expect(first.status).toBe(202);
    const replay = await submit(token);
    expect(replay.status).toBe(403);
    expect(await replay.json()).toMatchObject({ code: 'humanCheckReused' });
    const forLabel = await solveAltcha(challengeUrl, 'downloadLabel');
    expect(await (await submit(forLabel)).json()).toMatchObject({ code: 'humanCheckInvalid' });
  });

  it('refuses an unknown action for a challenge', async () => {
    const res = await getChallenge(deps, apiRequest('/api/human-check/challenge?action=deleteEverything'));
    expect(res.status).toBe(400);
  });
});
