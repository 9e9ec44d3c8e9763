import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { toFieldErrors, validatorCompiler } from '../../../server/http/validation';

const Paging = Type.Object(
  { page: Type.Integer({ minimum: 1, default: 1 }), search: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

function validate(httpPart: string, input: unknown) {
  const check = validatorCompiler({ schema: Paging, httpPart, method: 'GET', url: '/' }) as (value: unknown) => {
    value?: unknown;
    error?: Parameters<typeof toFieldErrors>[0];
  };
  return check(input);
}

describe('request validation', () => {
  it('coerces query strings and route params and fills their defaults', () => {
    expect(validate('querystring', { page: '2' })).toEqual({ value: { page: 2 } });
    expect(validate('params', { page: '3' })).toEqual({ value: { page: 3 } });
    expect(validate('querystring', {})).toEqual({ value: { page: 1 } });
  });

  it('never coerces a body', () => {
    const { error } = validate('body', { page: '2' });

    expect(toFieldErrors(error ?? [], 'body')).toEqual([{ field: 'page', rule: 'type', message: expect.stringContaining('integer') }]);
  });

  it('names the query part for errors on the whole query string', () => {
    const { error } = validate('querystring', { page: 'two', extra: 'x' });

    expect(toFieldErrors(error ?? [], 'querystring')).toEqual([
      { field: 'extra', rule: 'notAllowed', message: 'is not allowed' },
      { field: 'page', rule: 'type', message: expect.any(String) },
    ]);
  });

  it('reports a value matching no alternative of a union once, saying what it should be', () => {
    const Choice = Type.Object({
      email: Type.Union([Type.String({ format: 'email' }), Type.Null()]),
      order: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
      name: Type.String(),
    });
    const check = validatorCompiler({ schema: Choice, httpPart: 'body', method: 'POST', url: '/' }) as (value: unknown) => {
      error?: Parameters<typeof toFieldErrors>[0];
    };

    const { error } = check({ email: 'nope', order: 'up', name: 1 });

    expect(toFieldErrors(error ?? [], 'body')).toEqual([
      { field: 'email', rule: 'format', params: { format: 'email' }, message: 'must match format "email"' },
      { field: 'order', rule: 'oneOf', message: 'must be one of asc, desc' },
      { field: 'name', rule: 'type', message: expect.stringContaining('string') },
    ]);
  });
});

describe('the NUL character', () => {
  const Nested = Type.Object({ tags: Type.Array(Type.String()), note: Type.Optional(Type.String()) }, { additionalProperties: false });
  const check = (httpPart: string, input: unknown) =>
    (
      validatorCompiler({ schema: Nested, httpPart, method: 'POST', url: '/' }) as (value: unknown) => {
        value?: unknown;
        error?: Parameters<typeof toFieldErrors>[0];
      }
    )(input);

  it('is refused in nested values and in property names, next to the other errors', () => {
    const { error } = check('body', { tags: ['ok', 'a\u0000b'], 'x\u0000': 1 });

    expect(toFieldErrors(error ?? [], 'body')).toEqual([
      { field: 'tags.1', rule: 'nul', message: 'must not contain the NUL character (U+0000)' },
      { field: 'x\u0000', rule: 'nul', message: 'must not contain the NUL character (U+0000)' },
      { field: 'x\u0000', rule: 'notAllowed', message: 'is not allowed' },
    ]);
  });

  it('is refused in query strings, which are otherwise coerced', () => {
    const { error } = check('querystring', { tags: 'a', note: '\u0000' });

    expect(toFieldErrors(error ?? [], 'querystring')).toEqual([
      { field: 'note', rule: 'nul', message: 'must not contain the NUL character (U+0000)' },
    ]);
  });
});
