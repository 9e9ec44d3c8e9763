import { describe, expect, it } from 'vitest';
import { requiredFields, type FormName } from '../../src/domain/resource';
import { scopes } from '../../src/domain/session';
import { wireName } from '../../src/machines/form-fields';
import type { FormConfig } from '../../src/views/form/form-config';
import { companiesResource } from '../../src/views/resources/companies';
import { newContentFields } from '../../src/views/resources/content-fields';
import { contentsResource } from '../../src/views/resources/contents';
import { groupsResource } from '../../src/views/resources/groups';
import { quizzesResource } from '../../src/views/resources/quizzes';
import { tenantsResource } from '../../src/views/resources/tenants';
import { topicsResource } from '../../src/views/resources/topics';
import { itemForm, moduleForm, trainingPlansResource } from '../../src/views/resources/training-plans';
import { usersResource } from '../../src/views/resources/users';
import { companyState, globalState, tenantState } from '../support/fixtures/session';

// Issue 29: a form's required fields are declared once, in contract/required-fields.ts; the console's resource
// configurations take their `required` rule from there (the API's body schemas are held to it by the compiler and by
// test/server/routes/resource/required-fields.test.ts).

const forms: Record<FormName, FormConfig> = {
  tenants: tenantsResource.form,
  companies: companiesResource.form,
  users: usersResource.form,
  topics: topicsResource.form,
  contents: contentsResource.form,
  'training-plans': trainingPlansResource.form,
  'training-plan-modules': moduleForm,
  'training-plan-items': itemForm,
  quizzes: quizzesResource.form,
  groups: groupsResource.form,
};

const sessions = { GLOBAL: globalState, TENANT: tenantState, COMPANY: companyState };

/** Every field a form shows someone: each scope, creating and editing (the content wizard's first step too). */
const fieldsOf = (name: FormName) => {
  const fields = scopes.flatMap((scope) =>
    [true, false].flatMap((creating) => forms[name].fields(sessions[scope], { creating, language: 'en' })),
  );
  return name === 'contents' ? [...fields, ...newContentFields] : fields;
};

const formNames = Object.keys(forms) as FormName[];

describe('required fields, declared once', () => {
  it('covers every form of the console', () => {
    expect(formNames.toSorted()).toEqual(Object.keys(requiredFields).toSorted());
  });

  it.each(formNames)('%s: a field is required exactly when the contract declares it', (name) => {
    const declared = new Set<string>([...requiredFields[name].body, ...requiredFields[name].form]);
    const fields = fieldsOf(name);
    const stated = fields.map((field) => [wireName(field), (field.rules ?? []).includes('required')] as const);
    expect(stated.filter(([wire, required]) => required !== declared.has(wire))).toEqual([]);
    // The rule comes first, as the form checks them in order ("Required" before "Invalid email").
    for (const field of fields.filter(({ rules }) => rules?.includes('required'))) expect(field.rules?.[0]).toBe('required');
  });

  it.each(formNames)('%s: every declared field is a field of the form', (name) => {
    const wires = new Set(fieldsOf(name).map(wireName));
    const declared = [...requiredFields[name].body, ...requiredFields[name].form];
    expect(declared.filter((wire) => !wires.has(wire))).toEqual([]);
  });
});
