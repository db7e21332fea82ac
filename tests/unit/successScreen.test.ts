import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { translations } from '../../src/i18n/index.ts';
import SuccessScreen, { type SuccessScreenProps } from '../../src/islands/success/SuccessScreen.tsx';
import { islandTexts } from '../../src/islands/returnForm/islandTexts.ts';
import type { ReturnEvent } from '@parcel-returns/contract';

/** The success screen as the server renders it, before (or without) its island. */
const links = {
  returnOrdering: 'https://carrier.test/return',
  howToPack: 'https://carrier.test/pack.pdf',
  home: 'https://carrier.test/',
  tracking: 'https://carrier.test/tracking',
  mapHome: 'https://carrier.test/pick-up-points',
  mapAbroad: 'https://carrier.test/pick-up-points/abroad',
};
const ready = {
  label: '/api/labels/x?signature=s',
  a4: '/api/labels/x?format=a4',
  qrSvg: undefined,
  smartPin: undefined,
};
const labelCreated: ReturnEvent = { type: 'labelCreated', at: '2026-11-26T09:00:00.000Z' };

async function render(props: Partial<SuccessScreenProps>): Promise<string> {
  await islandTexts('en');
  return renderToString(
    createElement(SuccessScreen, {
      accepted: {
        locale: 'en',
        batchId: '0b0f4a3e-8d7c-4b1a-9e2f-123456789abc',
        token: 'demo-token-0123456789',
        labelless: false,
        driverPickup: false,
      },
      another: '/en/returns?token=demo-token-0123456789',
      links,
      events: [],
      onPhone: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      ...props,
    }),
  );
}

const s = translations('en').success;

describe('the success screen as the server renders it', () => {
  it('offers check again while the label is prepared, and the label once it exists', async () => {
    const preparing = await render({});
    expect(preparing).toContain(s.checkAgain());
    expect(preparing).toContain(s.preparing());
    const made = await render({ ready, events: [labelCreated] });
    expect(made).toContain('href="/api/labels/x?signature=s"');
    expect(made).toContain(s.eventLabelCreated());
    // The steps after the label are still to come: the page can be asked again.
    expect(made).toContain(s.checkAgain());
  });

  it('lists the steps in order, the newest current, and drops the label once the parcel is handed over', async () => {
    const html = await render({
      ready,
      events: [
        labelCreated,
        { type: 'handedOver', at: '2026-11-26T10:30:00.000Z', place: 'Trafika U Nádraží' },
        { type: 'delivered', at: '2026-11-28T08:00:00.000Z' },
      ],
    });
    const order = [
      s.eventLabelCreated(),
      s.eventHandedOver({ place: 'Trafika U Nádraží' }),
      s.eventDelivered(),
    ];
    const at = order.map((text) => html.indexOf(text));
    expect(at.every((index) => index > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html).toMatch(/<li class="timeline__step" aria-current="step">[^]*Delivered to the shop/);
    expect(html).toContain('dateTime="2026-11-26T10:30:00.000Z"');
    expect(html).not.toContain(s.downloadLabel());
    expect(html).not.toContain(s.openOnPhone());
    // Delivered: nothing more to come, nothing to check again.
    expect(html).not.toContain(s.checkAgain());
  });

  it('sends the sender to the carrier’s tracking page when the carrier gives no steps', async () => {
    const html = await render({ ready, events: 'unsupported' });
    expect(html).toContain(`href="${links.tracking}"`);
    expect(html).toContain(s.trackingLink());
    expect(html).not.toContain(s.timelineTitle());
  });

  it('says a hand-over without a place as the driver’s collection', async () => {
    const html = await render({
      ready,
      events: [labelCreated, { type: 'handedOver', at: '2026-11-26T10:30:00.000Z' }],
    });
    expect(html).toContain(s.eventCollected());
  });
});
