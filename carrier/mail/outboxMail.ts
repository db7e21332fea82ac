import type { AccessPoint } from '@parcel-returns/contract';
import type { MailContext } from '../mailDispatcher.ts';
import { composeDeliveredMail, composeHandedOverMail } from './eventMail.ts';
import { composeLabelMail } from './labelMail.ts';
import type { ComposedMail } from './mailLayout.ts';

/**
 * The e-mail of an outbox entry, in the return's language, from what the store holds for it; a
 * label e-mail names `places`, the nearest where the parcel can be taken.
 */
export async function composeOutboxMail(
  context: MailContext,
  places?: readonly AccessPoint[],
): Promise<ComposedMail> {
  const { record } = context;
  const common = {
    language: record.language,
    senderName: record.request.sender.name,
    shipmentNumber: record.shipmentNumber ?? '',
  };
  switch (context.kind) {
    case 'label':
      return composeLabelMail({
        ...common,
        to: record.request.sender.email,
        labelless: record.request.labelless,
        smartPin: record.smartPin ?? undefined,
        handover: record.request.prepaidDriverPickUp ? 'driver' : 'pickupPoint',
        createdAt: new Date(record.createdAt),
        pdf: Buffer.from(context.label.pdf),
        filename: context.label.filename,
        places,
      });
    case 'handedOver':
      return composeHandedOverMail({ ...common, at: context.event.at, place: context.event.place });
    case 'delivered':
      return composeDeliveredMail({ ...common, at: context.event.at, shop: context.shop });
  }
}

/** A stable Message-ID per return and kind, so a resend after a crash is recognised as the same message. */
export function outboxMessageId(context: MailContext, from: string): string {
  const domain = from.split('@')[1]?.replace(/[>\s]/g, '') || 'carrier.local';
  const kind = context.kind === 'label' ? '' : `-${context.kind}`;
  return `<return-${context.record.batchId}${kind}@${domain}>`;
}
