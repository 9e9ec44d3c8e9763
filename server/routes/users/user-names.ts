/**
 * A U+FEFF inside a value: a byte-order mark that a spreadsheet or an editor left in a cell or a pasted text. It shows
 * as nothing, so a name holding one looks like another name it is not equal to (search, sort, duplicates): it is
 * dropped from the names a user is given (import, `POST`/`PUT /users`, `PUT /users/me`).
 */
export function withoutByteOrderMarks<Text extends string | undefined>(value: Text): Text {
  return (value === undefined ? value : value.replaceAll('\uFEFF', '')) as Text;
}
