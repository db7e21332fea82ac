import { randomUUID } from 'node:crypto';
import type { Page, Route } from '@playwright/test';

/**
 * Answers to the site's API for tests about how the screen reacts, not about the carrier: the
 * sent page's status polls answered in a given order, including answers the embedded carrier
 * does not give at will (a 503, an empty body).
 */

const batchPattern = /^\/api\/returns\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Answers the status polls one after another from `answers`; the last one repeats. */
export async function answerStatusPolls(
  page: Page,
  answers: ((route: Route) => Promise<void>)[],
): Promise<{ polls: number }> {
  const seen = { polls: 0 };
  await page.route(
    (url) => batchPattern.test(url.pathname),
    async (route) => {
      const answer = answers[Math.min(seen.polls, answers.length - 1)];
      seen.polls += 1;
      await answer?.(route);
    },
  );
  return seen;
}

/** An answer with a JSON body. */
export const json =
  (body: unknown, status = 200) =>
  (route: Route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/** A label that is ready at the first poll. */
export const labelReady = () => json({ importState: 'Complete', labelGuid: randomUUID() });
