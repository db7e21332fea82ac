/**
 * The e-mail pattern of spec §5: the one browsers use for `<input type="email">`
 * (WHATWG HTML), plus a dot in the domain, which every deliverable address has.
 */
export const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
