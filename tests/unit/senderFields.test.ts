import { describe, expect, it } from 'vitest';
import { creationRequestSchema, senderSchema } from '@parcel-returns/contract';
import { formErrorsOf, toCreationRequest } from '../../src/lib/creationRequest.ts';
import { senderTextFieldNames, senderTextFields } from '../../src/lib/senderFields.ts';
import { emptySenderForm, type SenderFormValues } from '../../src/lib/senderForm.ts';
import { senderFormErrors, senderFormSchema } from '../../src/lib/senderFormSchema.ts';
import { formValues } from '../../src/server/form/parseForm.ts';
import { filled } from './filledForm.ts';

interface Def {
  type: string;
  innerType?: { _zod: { def: Def } };
}
/** A schema's own type under `optional` and `nullable`. */
const typeOf = (def: Def): string => (def.innerType ? typeOf(def.innerType._zod.def) : def.type);
/** The texts of a contract's object, as wire paths. */
const stringKeys = (shape: Record<string, { _zod: { def: Def } }>, prefix: string) =>
  Object.entries(shape)
    .filter(([, schema]) => typeOf(schema._zod.def) === 'string')
    .map(([key]) => `${prefix}${key}`);
const notTyped = ['base64Token', 'sender.country', 'sender.name2', 'sender.contact'];

/** A value at a wire path of a creation request. */
const at = (request: Record<string, unknown>, wire: string) =>
  wire
    .split('.')
    .reduce<unknown>((part, key) => (part as Record<string, unknown> | undefined)?.[key], request);

/** A value of exactly `length` characters that the field's kind takes. */
const valueOf = (kind: string, length: number) =>
  kind === 'email' ? `${'j'.repeat(length - '@example.cz'.length)}@example.cz` : 'x'.repeat(length);

/**
 * A sender's text field is written once, in the contract and in the ordered list of
 * src/lib/senderFields.ts (decision 042); everything else that names the fields reads them from
 * there. These checks hold the derived parts to the list, and the list to the contract.
 */
describe('the sender’s text fields, defined once', () => {
  it('fill every text of the contract’s creation request, and only those', () => {
    const wire = [
      ...stringKeys(creationRequestSchema.shape, ''),
      ...stringKeys(senderSchema.shape, 'sender.'),
    ].filter((path) => !notTyped.includes(path));
    expect(senderTextFields.map((field) => field.wire).sort()).toEqual(wire.sort());
  });

  it('take the contract’s limits: the form and the wire both take the limit and refuse one more', () => {
    for (const { name, wire, kind, maxLength } of senderTextFields) {
      const longest = { ...filled, [name]: valueOf(kind, maxLength) };
      const over = { ...filled, [name]: valueOf(kind, maxLength + 1) };
      expect(senderFormErrors(longest), name).toEqual({});
      expect(Object.keys(senderFormErrors(over)), name).toEqual([name]);
      const paths = (values: SenderFormValues) =>
        (creationRequestSchema.safeParse(toCreationRequest(values, 'a'.repeat(16))).error?.issues ?? []).map(
          (issue) => issue.path.join('.'),
        );
      expect(paths(longest), wire).toEqual([]);
      expect(paths(over), wire).toContain(wire);
    }
  });

  it('are the form’s schema, between the choices and the terms, in the list’s order', () => {
    expect(Object.keys(senderFormSchema.shape)).toEqual([
      'country',
      'labelType',
      'handover',
      ...senderTextFieldNames,
      'termsAccepted',
      'termsAcceptedBussiness',
    ]);
    expect(Object.keys(emptySenderForm)).toEqual(Object.keys(senderFormSchema.shape));
  });

  it('are what the server reads from a plain post: every text of the schema, as typed', () => {
    const texts = Object.entries(senderFormSchema.shape)
      .filter(([, schema]) => schema._zod.def.type === 'string')
      .map(([name]) => name);
    const body = new URLSearchParams(texts.map((name) => [name, ` ${name} typed `]));
    const read = formValues(body);
    for (const name of texts) expect(read[name as keyof SenderFormValues], name).toBe(` ${name} typed `);
    expect(texts).toEqual(['country', ...senderTextFieldNames]);
  });

  it('go to their place in the creation request, and a refusal there comes back to the field', () => {
    for (const { name, wire, kind } of senderTextFields) {
      const request = toCreationRequest({ ...filled, [name]: valueOf(kind, 20) }, 'tok');
      expect(at(request, wire), wire).toBe(valueOf(kind, 20));
      expect(formErrorsOf([{ path: wire }]), wire).toEqual({ [name]: 'errorRefused' });
    }
    const optional = senderTextFields.filter((field) => field.kind === 'optional');
    const request = toCreationRequest(filled, 'tok');
    for (const { wire } of optional) expect(at(request, wire), `${wire} left out`).toBeUndefined();
  });

  it('keep the creation request’s order, which the idempotency key digests', () => {
    const request = toCreationRequest({ ...filled, phone: '777', customerReference: 'R' }, 'tok');
    expect(JSON.stringify(request)).toBe(
      '{"base64Token":"tok","prepaidDriverPickUp":false,"labelless":true,"sender":{"street":"Kumberská 12/1",' +
        '"zipCode":"318 00","city":"Plzeň","country":"CZ","email":"jana@example.cz","name":"Jana Nováková",' +
        '"contact":"Jana Nováková","phone":"777"},"customerReference":"R"}',
    );
  });
});
