import { describe, expect, it } from 'vitest';
import { createQrSvg, qrSvg } from '../../../src/server/api/qrSvg.ts';

/** A drawer that counts its drawings, as the site's would be drawn. */
function countingDrawer(maxEntries?: number) {
  const drawings: string[] = [];
  const draw = (text: string) => {
    drawings.push(text);
    return Promise.resolve(`<svg>${text}</svg>`);
  };
  return { drawings, qrSvg: createQrSvg({ draw, ...(maxEntries && { maxEntries }) }) };
}

describe('QR codes for the success screen', () => {
  it('is an SVG without scripts', async () => {
    const svg = await qrSvg('SMARTPIN:K7Q-2M9;SHIPMENT:10000000000017');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(svg).not.toMatch(/<script/i);
  });

  it('draws a code once and gives the same SVG for the next poll', async () => {
    const { drawings, qrSvg } = countingDrawer();
    const first = await qrSvg('SMARTPIN:K7Q-2M9;SHIPMENT:10000000000017');
    expect(await qrSvg('SMARTPIN:K7Q-2M9;SHIPMENT:10000000000017')).toBe(first);
    expect(await qrSvg('SMARTPIN:AAA-BBB;SHIPMENT:10000000000024')).not.toBe(first);
    expect(drawings).toHaveLength(2);
  });

  it('forgets the oldest code past its bound, and keeps the newer ones', async () => {
    const { drawings, qrSvg } = countingDrawer(1_000);
    for (let i = 0; i <= 1_000; i += 1) await qrSvg(`SHIPMENT:${i}`);
    await qrSvg('SHIPMENT:1000');
    await qrSvg('SHIPMENT:1');
    expect(drawings).toHaveLength(1_001);
    await qrSvg('SHIPMENT:0');
    expect(drawings).toHaveLength(1_002);
  });

  it('draws again after a drawing failed', async () => {
    let fail = true;
    const qrSvg = createQrSvg({
      draw: (text) => (fail ? Promise.reject(new Error('no')) : Promise.resolve(`<svg>${text}</svg>`)),
    });
    await expect(qrSvg('SHIPMENT:1')).rejects.toThrow('no');
    fail = false;
    expect(await qrSvg('SHIPMENT:1')).toBe('<svg>SHIPMENT:1</svg>');
  });
});
