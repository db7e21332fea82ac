import { describe, expect, it } from 'vitest';
import { qrCacheSize, qrSvg } from '../../../src/server/api/qrSvg.ts';

describe('QR codes for the success screen', () => {
  it('draws a code once and gives the same SVG for the next poll', async () => {
    const first = await qrSvg('SMARTPIN:K7Q-2M9;SHIPMENT:10000000000017');
    expect(first).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(first).not.toMatch(/<script/i);
    const size = qrCacheSize();
    expect(await qrSvg('SMARTPIN:K7Q-2M9;SHIPMENT:10000000000017')).toBe(first);
    expect(qrCacheSize()).toBe(size);
    expect(await qrSvg('SMARTPIN:AAA-BBB;SHIPMENT:10000000000024')).not.toBe(first);
  });

  it('keeps at most a thousand codes', async () => {
    for (let i = 0; i < 1_050; i += 1) await qrSvg(`SMARTPIN:X;SHIPMENT:${i}`);
    expect(qrCacheSize()).toBe(1_000);
  });
});
