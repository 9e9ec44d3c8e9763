/**
 * An email address, as the API's schemas (the `email` format) and the console's forms both check it: the local part
 * browsers accept for `<input type="email">` (WHATWG HTML), `@`, then a domain of at least two DNS labels (so `a@b`
 * is refused: no mail reaches a host without a dot), at most 254 characters in all.
 */
export const emailMaxLength = 254;

const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const isEmail = (value: string) => value.length <= emailMaxLength && emailPattern.test(value);
