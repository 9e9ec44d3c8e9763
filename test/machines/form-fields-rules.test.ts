import { describe, expect, it } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import {
  bodyFromValues,
  changeValue,
  fieldOf,
  initialValues,
  isHttpUrl,
  isNamedRefList,
  problemsFromFailure,
  sameValues,
  validate,
  valuesFromRecord,
  type FieldSpec,
} from '../../src/machines/form-fields';
import { contentEditFields } from '../../src/views/resources/content-fields';

const fields: FieldSpec[] = [
  { name: 'title', kind: 'text' },
  { name: 'enabled', kind: 'switch' },
  { name: 'company', kind: 'reference', labelField: 'name' },
  { name: 'topics', kind: 'references', rules: ['required'], wireName: 'topicIds' },
  { name: 'password', kind: 'password', rules: [{ minLength: 8 }] },
  { name: 'vinapseTenant', kind: 'text', rules: ['videoTenant'] },
];

const safety = { id: 't1', name: 'Safety' };

describe('form fields: reading a record', () => {
  it('starts a switch without a default off', () => {
    expect(initialValues(fields)).toMatchObject({ enabled: false });
  });

  it('keeps the default of a switch the record lacks, reads a null reference as none and a nameless one with no name', () => {
    expect(valuesFromRecord(fields, { company: null })).toMatchObject({ enabled: false, company: null });
    expect(valuesFromRecord(fields, { company: { id: 'c1' } })).toMatchObject({ company: { id: 'c1', name: '' } });
    expect(valuesFromRecord(fields, { company: { name: 'Acme' } })).toMatchObject({ company: null });
  });

  it('reads of a list of references only the references, and none from a record without the list', () => {
    expect(valuesFromRecord(fields, { topics: [safety, 'junk', null] }).topics).toEqual([safety]);
    expect(valuesFromRecord(fields, {}).topics).toEqual([]);
    expect(isNamedRefList([safety, 'junk'])).toBe(false);
  });

  it('reads no property of something that is not a record', () => {
    expect(fieldOf('text', 'length')).toBeUndefined();
    expect(fieldOf(null, 'id')).toBeUndefined();
  });
});

describe('form fields: the rules', () => {
  it('calls text that is no URL no http URL', () => {
    expect(isHttpUrl('not a url')).toBe(false);
  });

  it('requires a list of references to hold one', () => {
    expect(validate(fields, { ...initialValues(fields), topics: [] })).toEqual({ topics: { rule: 'required' } });
    expect(validate(fields, { ...initialValues(fields), topics: [safety] })).toEqual({});
  });

  it('takes a password of exactly the minimum length', () => {
    expect(validate(fields, { ...initialValues(fields), topics: [safety], password: '12345678' })).toEqual({});
    expect(validate(fields, { ...initialValues(fields), topics: [safety], password: '1234567' })).toEqual({ password: { rule: 'minLength', min: 8 } });
  });

  it('finds a confirmation typed in neither field matching', () => {
    expect(validate([{ name: 'confirmPassword', kind: 'password', rules: [{ sameAs: 'password' }] }], {})).toEqual({});
  });

  it('checks a video tenant once trimmed', () => {
    expect(validate(fields, { ...initialValues(fields), topics: [safety], vinapseTenant: ' acme ' })).toEqual({});
  });

  it('sets a follower only when the field it follows changes', () => {
    const content: FieldSpec[] = [
      { name: 'title', kind: 'text' },
      { name: 'type', kind: 'select' },
      { name: 'renderType', kind: 'select', defaultValue: 'REFERENCE', setWhen: { field: 'type', oneOf: ['Article'], value: 'INLINE' } },
    ];
    expect(changeValue(content, initialValues(content), 'title', 'Article').renderType).toBe('REFERENCE');
    expect(changeValue(content, initialValues(content), 'type', 'Article').renderType).toBe('INLINE');
  });

  it('empties an upper-cased field to null as it is, and clears no field the form does not have', () => {
    const country: FieldSpec[] = [{ name: 'countryCode', kind: 'text', upperCase: true, clears: ['region'] }];
    expect(changeValue(country, { countryCode: 'it' }, 'countryCode', null)).toEqual({ countryCode: null });
    expect(changeValue(country, { countryCode: null }, 'countryCode', 'it')).toEqual({ countryCode: 'IT' });
  });

  it('keeps the text of an INLINE podcast that becomes an article: the render type it sets is already there', () => {
    const podcast = { ...initialValues(contentEditFields), title: 'Welcome', type: 'Podcast', renderType: 'INLINE', text: 'Hello' };
    expect(changeValue(contentEditFields, podcast, 'type', 'Article')).toMatchObject({ renderType: 'INLINE', text: 'Hello' });
  });
});

describe('form fields: the body and the API errors', () => {
  it('sends a switch off as false, a missing text as null, a missing list of references as none', () => {
    expect(bodyFromValues(fields, { enabled: false, topics: null })).toMatchObject({ enabled: false, title: null, topicIds: [] });
  });

  it("puts the API's rule and values on a field only when it gave them", () => {
    const failure: Failure = {
      kind: 'http',
      status: 400,
      errors: [
        { field: 'title', message: 'too long', rule: 'maxLength', params: { max: 100 } },
        { field: 'topicIds', message: 'not found' },
      ],
    };
    expect(problemsFromFailure(fields, failure)).toStrictEqual({
      title: { server: 'too long', serverRule: 'maxLength', params: { max: 100 } },
      topics: { server: 'not found' },
    });
  });

  it('tells values apart by the ids of their references, in order and whole', () => {
    expect(sameValues({ topics: [{ id: 'ab', name: '' }, { id: 'c', name: '' }] }, { topics: [{ id: 'a', name: '' }, { id: 'bc', name: '' }] })).toBe(false);
    expect(sameValues({ company: { id: 'c1', name: 'A' } }, { company: { id: 'c2', name: 'A' } })).toBe(false);
    expect(sameValues({ topics: [] }, {})).toBe(false);
    expect(sameValues({}, { topics: [] })).toBe(false);
  });
});
