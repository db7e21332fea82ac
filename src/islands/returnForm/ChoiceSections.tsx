import { driverPickupAllowed, homeCountry, labellessAllowed } from '../../lib/rules.ts';
import type { SenderFormValues } from '../../lib/senderForm.ts';
import { useLoadedComponent } from '../useLoadedComponent.ts';
import { Choices } from './Choices.tsx';
import { Section } from './Section.tsx';
import type { FormLinks, FormStrings } from './strings.ts';
import type { ReturnFormState } from './useReturnForm.ts';

// Only senders who choose driver pickup see the dialog: its code loads when first asked for.
const loadDialog = () => import('./ConfirmDialog.tsx').then((module) => module.ConfirmDialog);

interface ChoiceSectionsProps {
  form: ReturnFormState;
  values: Pick<SenderFormValues, 'country' | 'labelType' | 'handover'>;
  pageAllowsDriver: boolean;
  /** The sender confirmed the paid driver pickup for this draft already. */
  paidConfirmed: boolean;
  /** The paid-service confirmation is open (the form decides when: a choice, the takeover, a send). */
  confirming: boolean;
  /** Driver pickup chosen and not confirmed yet: the form opens the confirmation. */
  onAskToConfirm: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  /** The dialog's code never arrived. */
  onDialogFailed: () => void;
  strings: FormStrings;
  links: FormLinks;
  /** The server's message when it refused a choice the page or country does not allow. */
  choiceError?: string | undefined;
}

/**
 * Sections 2 and 3: the label (QR only for CZ) with what the sender needs, and the hand-over
 * (driver pickup only where the page and country allow it). Choosing driver pickup, a
 * charged service, asks for confirmation once per draft; Cancel keeps the pick-up point. The
 * form holds whether the confirmation is open, as it asks for one at a send too.
 */
export function ChoiceSections({
  form,
  values,
  pageAllowsDriver,
  paidConfirmed,
  confirming,
  onAskToConfirm,
  onConfirm,
  onCancel,
  onDialogFailed,
  strings,
  links,
  choiceError,
}: ChoiceSectionsProps) {
  // Loaded when first asked for; it then stays in the page, so closing it returns focus as a
  // <dialog> does.
  const ConfirmDialog = useLoadedComponent(loadDialog, confirming, onDialogFailed);
  const home = values.country === homeCountry;
  const withLabel = values.labelType === 'label';
  const driver = values.handover === 'driver';
  const handoverText = driver
    ? home
      ? strings.handoverDriverTextHome()
      : strings.handoverDriverTextAbroad()
    : home
      ? strings.handoverPickupTextHome()
      : strings.handoverPickupTextAbroad();
  return (
    <>
      <Section number={2} title={strings.sectionLabel()}>
        <Choices
          registration={form.field('labelType')}
          legend={strings.sectionLabel()}
          value={values.labelType}
          options={[
            { value: 'label', label: strings.labelPrint(), text: strings.labelPrintText() },
            {
              value: 'qr',
              label: strings.labelQr(),
              text: strings.labelQrText(),
              hidden: !labellessAllowed(values.country),
            },
          ]}
        />
        <div className="needs">
          <h3 className="needs__title">{strings.needTitle()}</h3>
          <ul className="needs__list">
            <li>{strings.needBox()}</li>
            <li>{strings.needFilling()}</li>
            {withLabel && <li>{strings.needPrinter()}</li>}
          </ul>
        </div>
      </Section>
      <Section number={3} title={strings.sectionHandover()}>
        <Choices
          registration={form.field('handover')}
          legend={strings.sectionHandover()}
          value={values.handover}
          accept={(handover) => {
            if (handover !== 'driver' || paidConfirmed) return true;
            onAskToConfirm();
            return false;
          }}
          options={[
            { value: 'pickupPoint', label: strings.handoverPickup(), text: strings.parcelSizeNote() },
            {
              value: 'driver',
              label: strings.handoverDriver(),
              text: strings.paidTitle(),
              hidden: !driverPickupAllowed(pageAllowsDriver, values.country),
            },
          ]}
        />
        {choiceError && (
          <p id="handover-error" className="field__error">
            {choiceError}
          </p>
        )}
        <p className="handover__text">{handoverText}</p>
        {!driver && (
          <p className="handover__map">
            <a href={home ? links.mapHome : links.mapAbroad} target="_blank" rel="noopener">
              {home ? strings.mapHome() : strings.mapAbroad()}
            </a>
          </p>
        )}
        {ConfirmDialog && (
          <ConfirmDialog
            open={confirming}
            title={strings.paidTitle()}
            text={strings.paidText()}
            confirm={strings.paidConfirm()}
            cancel={strings.paidCancel()}
            onConfirm={onConfirm}
            onCancel={onCancel}
          />
        )}
      </Section>
    </>
  );
}
