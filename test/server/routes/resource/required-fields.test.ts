import { beforeAll, describe, expect, it } from 'vitest';
import { requiredFields, type FormName } from '../../../../contract/required-fields';
import { created, itemsPath, modulesPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { signedIn, type Api } from '../../../support/server/resources';

const testApp = useTestApp();

/** A valid value of each field some form requires in its body. */
const validValues: Record<string, string> = {
  name: 'Required fields',
  surname: 'Rossi',
  title: 'Required fields',
  taxId: 'IT-REQ-1',
  countryCode: 'IT',
};

/**
 * Issue 29: the API's body schemas require exactly the fields contract/required-fields.ts declares for each form's
 * `body` (the compiler holds the schemas to it too, `formBody`): a create with those alone succeeds, and without any
 * one of them, or with it blank, is a 400 naming it.
 */
describe('required fields, declared once', () => {
  const paths = {} as Record<FormName, string>;
  const callers = {} as Record<FormName, Api>;
  let email = 0;

  const bodyOf = (form: FormName) =>
    Object.fromEntries(
      requiredFields[form].body.map((field) => [field, field === 'email' ? `required.${(email += 1)}@example.com` : validValues[field]]),
    );

  beforeAll(async () => {
    const [globalAdmin, tenantAdmin, companyAdmin] = await Promise.all([
      signedIn(testApp.app, demo.root),
      signedIn(testApp.app, demo.tenantAdmin),
      signedIn(testApp.app, demo.companyAdmin),
    ]);
    const plan = created(await companyAdmin.post('/api/training-plans', { name: 'Required fields plan' }));
    const module = created(await companyAdmin.post(modulesPath(plan.id), { title: 'Required fields module' }));
    Object.assign(callers, {
      tenants: globalAdmin,
      companies: tenantAdmin,
      users: tenantAdmin,
      topics: companyAdmin,
      contents: companyAdmin,
      'training-plans': companyAdmin,
      'training-plan-modules': companyAdmin,
      'training-plan-items': companyAdmin,
      quizzes: companyAdmin,
      groups: companyAdmin,
    });
    for (const form of Object.keys(requiredFields) as FormName[]) paths[form] = `/api/${form}`;
    paths['training-plan-modules'] = modulesPath(plan.id);
    paths['training-plan-items'] = itemsPath(plan.id, module.id);
  });

  const forms = Object.keys(requiredFields) as FormName[];

  it.each(forms)('%s: a body with the declared fields alone is created', async (form) => {
    const response = await callers[form].post(paths[form], bodyOf(form));

    expect(response.statusCode, response.body).toBe(201);
  });

  const blanks = forms.flatMap((form) =>
    requiredFields[form].body.flatMap((field) => [
      [form, field, 'missing', undefined],
      [form, field, 'empty', ''],
      [form, field, 'blank', '   '],
    ]),
  ) as [FormName, string, string, string | undefined][];

  it.each(blanks)('%s: %s %s is a 400 naming it', async (form, field, _label, value) => {
    const response = await callers[form].post(paths[form], { ...bodyOf(form), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
  });
});
