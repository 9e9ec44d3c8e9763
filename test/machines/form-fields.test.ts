import { describe, expect, it } from 'vitest';
import type { Failure } from '../../src/domain/failure';
import {
  bodyFromValues,
  changeValue,
  fieldOf,
  initialValues,
  isHttpUrl,
  isNamedRefList,
  isShown,
  problemsFromFailure,
  sameValues,
  validate,
  valuesFromRecord,
  type FieldSpec,
} from '../../src/machines/form-fields';
import { contentEditFields } from '../../src/views/resources/content-fields';
import { emailInUse, serverError, storedUser, userFields } from '../support/fixtures/form';

const companyFields: FieldSpec[] = [
  { name: 'name', kind: 'text', rules: ['required'] },
  { name: 'countryCode', kind: 'text', rules: ['required', 'countryCode'], upperCase: true },
  { name: 'url', kind: 'text', rules: ['url'] },
  { name: 'phone', kind: 'text' },
];

describe('form fields', () => {
  it('start from their defaults, else empty', () => {
    expect(initialValues(userFields)).toEqual({
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      enabled: true,
      scope: 'TENANT',
      tenant: null,
      company: null,
    });
  });

  it('read a record, never its password', () => {
    expect(valuesFromRecord(userFields, { ...storedUser, password: 'leaked' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: '',
      confirmPassword: '',
      enabled: false,
      scope: 'COMPANY',
      tenant: { id: 't1', name: 'Acme Learning' },
      company: { id: 'c1', name: 'Bianchi Srl' },
    });
    expect(valuesFromRecord(companyFields, { name: 'Acme', countryCode: 'IT', url: null })).toMatchObject({ url: '', phone: '' });
  });

  it('show a field only while the field it depends on allows it', () => {
    const [, , , , , , tenant, company] = userFields as [
      FieldSpec,
      FieldSpec,
      FieldSpec,
      FieldSpec,
      FieldSpec,
      FieldSpec,
      FieldSpec,
      FieldSpec,
    ];
    expect(isShown(tenant, { scope: 'TENANT' })).toBe(true);
    expect(isShown(company, { scope: 'TENANT' })).toBe(false);
    expect(isShown(tenant, { scope: 'GLOBAL' })).toBe(false);
  });

  it("shows, checks and sends a field while a switch is as told: a new user's password only without an invitation", () => {
    const fields: FieldSpec[] = [
      { name: 'sendInvitation', kind: 'switch' },
      { name: 'password', kind: 'password', rules: ['required'], showWhen: { field: 'sendInvitation', oneOf: [false] } },
    ];
    expect(isShown(fields[1]!, { sendInvitation: false })).toBe(true);
    expect(isShown(fields[1]!, { sendInvitation: true })).toBe(false);
    expect(validate(fields, { sendInvitation: true, password: '' })).toEqual({});
    expect(validate(fields, { sendInvitation: false, password: '' })).toEqual({ password: { rule: 'required' } });
    expect(bodyFromValues(fields, { sendInvitation: true, password: 'secret-typed-first' })).toEqual({ sendInvitation: true });
  });

  it('upper-case as told, and empty what depends on a changed field', () => {
    const values = { ...initialValues(userFields), company: { id: 'c1', name: 'Bianchi Srl' } };
    expect(changeValue(userFields, values, 'tenant', { id: 't2', name: 'Beta' })).toMatchObject({ tenant: { id: 't2' }, company: null });
    expect(changeValue(companyFields, initialValues(companyFields), 'countryCode', 'it').countryCode).toBe('IT');
    expect(changeValue(companyFields, initialValues(companyFields), 'unknown', 'x')).toEqual(initialValues(companyFields));
  });

  describe('validation', () => {
    const valid = { ...initialValues(userFields), name: 'Ada', email: 'ada@example.com', tenant: { id: 't1', name: 'Acme' } };

    it('accepts valid values', () => {
      expect(validate(userFields, valid)).toEqual({});
    });

    it('wants required fields filled, spaces not counting', () => {
      expect(validate(userFields, { ...valid, name: '   ', email: '', tenant: null })).toEqual({
        name: { rule: 'required' },
        email: { rule: 'required' },
        tenant: { rule: 'required' },
      });
    });

    it('skips hidden fields', () => {
      expect(validate(userFields, { ...valid, scope: 'GLOBAL', tenant: null })).toEqual({});
      expect(validate(userFields, { ...valid, scope: 'COMPANY' })).toEqual({ company: { rule: 'required' } });
    });

    it.each([
      ['email', 'not-an-email', { rule: 'email' }],
      ['email', 'a@b', { rule: 'email' }],
      ['password', 'short', { rule: 'minLength', min: 8 }],
    ])('checks %s = %s', (field, value, problem) => {
      expect(validate(userFields, { ...valid, [field]: value })[field]).toEqual(problem);
    });

    it('wants the confirmation to match a given password, and nothing when none is given', () => {
      expect(validate(userFields, { ...valid, password: 'long-enough', confirmPassword: 'other' })).toEqual({
        confirmPassword: { rule: 'sameAs' },
      });
      expect(validate(userFields, { ...valid, password: 'long-enough', confirmPassword: '' })).toEqual({
        confirmPassword: { rule: 'sameAs' },
      });
      expect(validate(userFields, { ...valid, password: 'long-enough', confirmPassword: 'long-enough' })).toEqual({});
    });

    it.each([
      ['IT', {}],
      ['ITA', { countryCode: { rule: 'countryCode' } }],
      ['I1', { countryCode: { rule: 'countryCode' } }],
    ])('checks the country code %s', (countryCode, problems) => {
      expect(validate(companyFields, { name: 'Acme', countryCode, url: '', phone: '' })).toEqual(problems);
    });

    it.each([
      ['acme-robotics', {}],
      ['', {}],
      ['127.0.0.1:3299/x#', { vinapseTenant: { rule: 'videoTenant' } }],
      ['Acme', { vinapseTenant: { rule: 'videoTenant' } }],
      ['acme.evil.test', { vinapseTenant: { rule: 'videoTenant' } }],
      ['a'.repeat(64), { vinapseTenant: { rule: 'videoTenant' } }],
    ])('checks the video tenant %j', (vinapseTenant, problems) => {
      const fields: FieldSpec[] = [{ name: 'vinapseTenant', kind: 'text', rules: ['videoTenant'] }];
      expect(validate(fields, { vinapseTenant })).toEqual(problems);
    });

    it.each([
      ['https://acme.test', {}],
      ['http://acme.test/path', {}],
      ['ftp://acme.test', { url: { rule: 'url' } }],
      ['acme.test', { url: { rule: 'url' } }],
    ])('checks the URL %s', (url, problems) => {
      expect(validate(companyFields, { name: 'Acme', countryCode: 'IT', url, phone: '' })).toEqual(problems);
    });
  });

  it('make the API body of the shown fields: trimmed texts, null for empty ones, ids for references, no confirmation', () => {
    const values = {
      ...initialValues(userFields),
      name: '  Ada ',
      email: 'ada@example.com',
      scope: 'COMPANY',
      tenant: { id: 't1', name: 'Acme' },
      company: { id: 'c1', name: 'Bianchi' },
    };
    expect(bodyFromValues(userFields, values)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      enabled: true,
      scope: 'COMPANY',
      tenantId: 't1',
      companyId: 'c1',
    });
    expect(bodyFromValues(userFields, { ...values, scope: 'GLOBAL', password: 'secret-pw', confirmPassword: 'secret-pw' })).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret-pw',
      enabled: true,
      scope: 'GLOBAL',
    });
    expect(bodyFromValues(companyFields, { name: 'Acme', countryCode: 'IT', url: ' ', phone: '' })).toEqual({
      name: 'Acme',
      countryCode: 'IT',
      url: null,
      phone: null,
    });
  });

  it("put the API's field errors on the form's fields", () => {
    expect(problemsFromFailure(userFields, emailInUse)).toEqual({ email: { server: 'already in use' } });
    expect(
      problemsFromFailure(userFields, {
        kind: 'http',
        status: 400,
        errors: [
          { field: 'tenantId', message: 'not found' },
          { field: 'body', message: 'must not have additional properties' },
        ],
      }),
    ).toEqual({ tenant: { server: 'not found' } });
    expect(problemsFromFailure(userFields, serverError)).toEqual({});
    expect(problemsFromFailure(userFields, { kind: 'network', status: 'FETCH_ERROR' })).toEqual({});
  });

  it('compare values, references by id', () => {
    const values = initialValues(userFields);
    expect(sameValues(values, { ...values })).toBe(true);
    expect(sameValues({ tenant: { id: 't1', name: 'A' } }, { tenant: { id: 't1', name: 'B' } })).toBe(true);
    expect(sameValues({ tenant: { id: 't1', name: 'A' } }, { tenant: null })).toBe(false);
    expect(sameValues(values, { ...values, name: 'x' })).toBe(false);
  });
});

/** A field of each kind the rules below concern. */
const kinds: FieldSpec[] = [
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
    expect(initialValues(kinds)).toMatchObject({ enabled: false });
  });

  it('keeps the default of a switch the record lacks, reads a null reference as none and a nameless one with no name', () => {
    expect(valuesFromRecord(kinds, { company: null })).toMatchObject({ enabled: false, company: null });
    expect(valuesFromRecord(kinds, { company: { id: 'c1' } })).toMatchObject({ company: { id: 'c1', name: '' } });
    expect(valuesFromRecord(kinds, { company: { name: 'Acme' } })).toMatchObject({ company: null });
  });

  it('reads of a list of references only the references, and none from a record without the list', () => {
    expect(valuesFromRecord(kinds, { topics: [safety, 'junk', null] }).topics).toEqual([safety]);
    expect(valuesFromRecord(kinds, {}).topics).toEqual([]);
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
    expect(validate(kinds, { ...initialValues(kinds), topics: [] })).toEqual({ topics: { rule: 'required' } });
    expect(validate(kinds, { ...initialValues(kinds), topics: [safety] })).toEqual({});
  });

  it('takes a password of exactly the minimum length', () => {
    expect(validate(kinds, { ...initialValues(kinds), topics: [safety], password: '12345678' })).toEqual({});
    expect(validate(kinds, { ...initialValues(kinds), topics: [safety], password: '1234567' })).toEqual({
      password: { rule: 'minLength', min: 8 },
    });
  });

  it('finds a confirmation typed in neither field matching', () => {
    expect(validate([{ name: 'confirmPassword', kind: 'password', rules: [{ sameAs: 'password' }] }], {})).toEqual({});
  });

  it('checks a video tenant once trimmed', () => {
    expect(validate(kinds, { ...initialValues(kinds), topics: [safety], vinapseTenant: ' acme ' })).toEqual({});
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
    expect(bodyFromValues(kinds, { enabled: false, topics: null })).toMatchObject({ enabled: false, title: null, topicIds: [] });
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
    expect(problemsFromFailure(kinds, failure)).toStrictEqual({
      title: { server: 'too long', serverRule: 'maxLength', params: { max: 100 } },
      topics: { server: 'not found' },
    });
  });

  it('tells values apart by the ids of their references, in order and whole', () => {
    expect(
      sameValues(
        {
          topics: [
            { id: 'ab', name: '' },
            { id: 'c', name: '' },
          ],
        },
        {
          topics: [
            { id: 'a', name: '' },
            { id: 'bc', name: '' },
          ],
        },
      ),
    ).toBe(false);
    expect(sameValues({ company: { id: 'c1', name: 'A' } }, { company: { id: 'c2', name: 'A' } })).toBe(false);
    expect(sameValues({ topics: [] }, {})).toBe(false);
    expect(sameValues({}, { topics: [] })).toBe(false);
  });
});

describe('form fields: numbers', () => {
  const numberFields: FieldSpec[] = [
    { name: 'passMark', kind: 'number', rules: ['required', { wholeNumber: { min: 0, max: 100 } }], defaultValue: '70' },
    { name: 'attemptsAllowed', kind: 'number', rules: [{ wholeNumber: { min: 1, max: 100 } }] },
  ];

  it('reads a number as its text, a null one as empty, and a missing one as its default', () => {
    expect(valuesFromRecord(numberFields, { passMark: 0, attemptsAllowed: null })).toEqual({ passMark: '0', attemptsAllowed: '' });
    expect(valuesFromRecord(numberFields, {})).toEqual({ passMark: '70', attemptsAllowed: '' });
  });

  it('sends the text as a number, an empty one as null', () => {
    expect(bodyFromValues(numberFields, { passMark: ' 85 ', attemptsAllowed: '' })).toEqual({ passMark: 85, attemptsAllowed: null });
  });

  it('takes whole numbers within the bounds only, an empty optional one too', () => {
    const problems = (passMark: string, attemptsAllowed = '') => validate(numberFields, { passMark, attemptsAllowed });
    expect(problems('0')).toEqual({});
    expect(problems('100', '1')).toEqual({});
    expect(problems('101')).toEqual({ passMark: { rule: 'wholeNumber', min: 0, max: 100 } });
    expect(problems('-1')).toEqual({ passMark: { rule: 'wholeNumber', min: 0, max: 100 } });
    expect(problems('7.5')).toEqual({ passMark: { rule: 'wholeNumber', min: 0, max: 100 } });
    expect(problems('1e2')).toEqual({ passMark: { rule: 'wholeNumber', min: 0, max: 100 } });
    expect(problems('')).toEqual({ passMark: { rule: 'required' } });
    expect(problems('50', '0')).toEqual({ attemptsAllowed: { rule: 'wholeNumber', min: 1, max: 100 } });
  });
});
