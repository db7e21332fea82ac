import { expect } from '@playwright/test';
import { acceptedReturnOf, isAcceptedUrl, openForm, tokens } from './formPage.ts';
import { fillValidSender, formOf } from './formControls.ts';
import { test } from './flowFixtures.ts';
import { texts } from './senderTexts.ts';

// The lost answer shows up as a reset connection and the island's structured log of it.
test.use({
  allowedConsoleErrors:
    /^(Failed to load resource: net::ERR_CONNECTION_RESET|\{code: networkException, call: createDormant\})$/,
});

test('a creation whose answer the network lost creates one return when the sender sends it again @desktop', async ({
  page,
}) => {
  const t = texts.en;
  const f = formOf(page, t);
  let creations = 0;
  let createdFirst: string | undefined;
  await page.route('**/api/returns', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    creations += 1;
    if (creations > 1) return route.continue();
    // The site and the carrier create the return, but the answer never reaches the browser.
    const response = await route.fetch();
    createdFirst = ((await response.json()) as { batchId: string }).batchId;
    return route.abort('connectionreset');
  });

  await openForm(page, 'en', tokens.noDriver);
  await fillValidSender(page, t);
  await f.submit.click();
  // The sender stays on the form with the spec's message and everything typed (spec §8).
  await expect(page.getByRole('alert')).toHaveText(
    'There was an error creating the shipment. The operation was not completed.',
  );
  expect(createdFirst).toMatch(/^[0-9a-f-]{36}$/);

  // Sent again: the same request goes out with the same idempotency key.
  await expect(f.name).toHaveValue('Jana Nováková');
  await expect(f.termsPersons).toBeChecked();
  await f.submit.click();
  await expect(page).toHaveURL(isAcceptedUrl);
  expect(acceptedReturnOf(page)?.batchId).toBe(createdFirst);
  expect(creations).toBe(2);
});
