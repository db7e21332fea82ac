/**
 * The sender's text fields, in the order the form shows them (spec §2, section 4): one entry per
 * field, read by the form's values, its schema, the plain form's parsing, the creation request,
 * the error summary and the inputs. The field itself is the contract's (`packages/contract/index.ts`):
 * an entry names where its value goes on the wire, and the compiler refuses a text of the contract's
 * creation request that no entry fills. No zod here: the island reads this list to take the page
 * over and loads the schema only at its first check (decision 042).
 */
import type { AddressPart, CreationRequest, Sender } from '@parcel-returns/contract';
import { fieldLimits } from '@parcel-returns/contract/fields';

/**
 * What a field asks of its value: `required` and `address` must not be blank (an address field
 * also offers suggestions, and only its end is trimmed on the wire), `email` must be an address,
 * `optional` may stay empty and is then left out of the creation request.
 */
export type FieldKind = 'required' | 'address' | 'email' | 'optional';

/** Where a value goes in the creation request: a part of the sender, or the request itself. */
export type WirePath = `sender.${keyof Sender}` | keyof CreationRequest;

export interface SenderTextField {
  /** The form's name: the input's `name` and `id`, and its label's key in the `form` dictionary. */
  readonly name: string;
  readonly wire: WirePath;
  readonly kind: FieldKind;
  /** The contract's limit: the form's check, and the input's `maxlength` (not an e-mail's). */
  readonly maxLength: number;
  readonly autoComplete: string;
  /** The input's type, and the keyboard a phone shows for it; plain text when unset. */
  readonly type?: 'email' | 'tel';
  /** An address field: the part its suggestions are asked for. */
  readonly part?: AddressPart;
  /** Shares a row with the next field that does. */
  readonly paired?: true;
  /** The message of a value over the limit, when not 'errorTooLong'. */
  readonly tooLong?: 'errorPhone';
  /** A help tip beside the label: its text's key in the `form` dictionary. */
  readonly help?: `${string}Help`;
}

/**
 * The contract's texts no field fills: the token comes from the link, the country is a choice,
 * `name2` stays unset and `contact` repeats the name (spec §3).
 */
type NotTyped = 'base64Token' | 'sender.country' | 'sender.name2' | 'sender.contact';
type TextsOf<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string | null | undefined ? `${Prefix}${K}` : never;
}[keyof T & string];
type WireText = TextsOf<CreationRequest, ''> | TextsOf<Sender, 'sender.'>;

/**
 * The list as written, refused by the compiler while a text of the contract's creation request is
 * neither filled by a field nor in `NotTyped` ('unfilled' then names it).
 */
function fillingTheContract<const Fields extends readonly SenderTextField[]>(
  fields: Fields &
    ([Exclude<WireText, NotTyped | Fields[number]['wire']>] extends [never]
      ? unknown
      : { unfilled: Exclude<WireText, NotTyped | Fields[number]['wire']> }),
): Fields {
  return fields;
}

export const senderTextFields = fillingTheContract([
  { name: 'name', wire: 'sender.name', kind: 'required', maxLength: fieldLimits.name, autoComplete: 'name' },
  {
    name: 'street',
    wire: 'sender.street',
    kind: 'address',
    part: 'Street',
    maxLength: fieldLimits.street,
    autoComplete: 'address-line1',
  },
  {
    name: 'zipCode',
    wire: 'sender.zipCode',
    kind: 'address',
    part: 'ZipCode',
    paired: true,
    maxLength: fieldLimits.zipCode,
    autoComplete: 'postal-code',
  },
  {
    name: 'city',
    wire: 'sender.city',
    kind: 'address',
    part: 'City',
    paired: true,
    maxLength: fieldLimits.city,
    autoComplete: 'address-level2',
  },
  {
    name: 'email',
    wire: 'sender.email',
    kind: 'email',
    type: 'email',
    help: 'emailHelp',
    maxLength: fieldLimits.email,
    autoComplete: 'email',
  },
  {
    name: 'phone',
    wire: 'sender.phone',
    kind: 'optional',
    type: 'tel',
    tooLong: 'errorPhone',
    maxLength: fieldLimits.phone,
    autoComplete: 'tel',
  },
  {
    name: 'customerReference',
    wire: 'customerReference',
    kind: 'optional',
    help: 'customerReferenceHelp',
    maxLength: fieldLimits.customerReference,
    autoComplete: 'off',
  },
] as const);

export type SenderTextFieldName = (typeof senderTextFields)[number]['name'];

/** The names of the sender's text fields, in the form's order. */
export const senderTextFieldNames: readonly SenderTextFieldName[] = senderTextFields.map(({ name }) => name);
