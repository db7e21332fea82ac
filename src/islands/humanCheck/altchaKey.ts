/**
 * One ALTCHA v2 attempt on `crypto.subtle`, byte for byte what altcha-lib's PBKDF2
 * `deriveKey` and `PasswordBuffer` compute on the server.
 */
export interface AltchaParameters {
  algorithm: string;
  nonce: string;
  salt: string;
  cost: number;
  keyLength: number;
  keyPrefix: string;
}

/** Lowercase hex of some bytes, as the server compares keys. */
export const bytesToHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Bytes of an even-length hex string. */
export const hexToBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/** Whether the solver can work on these parameters: PBKDF2 (crypto.subtle has it) and well-formed fields. */
export function isSolvable(p: Partial<AltchaParameters> | undefined): p is AltchaParameters {
  return (
    typeof p?.algorithm === 'string' &&
    /^PBKDF2\/SHA-(256|384|512)$/.test(p.algorithm) &&
    [p.nonce, p.salt, p.keyPrefix].every(
      (field) => typeof field === 'string' && /^(?:[0-9a-f]{2})+$/.test(field),
    ) &&
    Number.isInteger(p.cost) &&
    Number.isInteger(p.keyLength)
  );
}

/** The key for one counter: PBKDF2(password = nonce ‖ counter as uint32 big-endian, salt), in hex. */
export async function deriveAltchaKey(
  p: AltchaParameters,
  nonce: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  counter: number,
) {
  const password = new Uint8Array(nonce.length + 4);
  password.set(nonce);
  new DataView(password.buffer).setUint32(nonce.length, counter);
  const key = await crypto.subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
  const hash = p.algorithm.slice('PBKDF2/'.length);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', salt, iterations: p.cost, hash },
    key,
    p.keyLength * 8,
  );
  return bytesToHex(new Uint8Array(bits));
}
