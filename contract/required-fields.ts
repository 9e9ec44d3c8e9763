/**
 * The fields each form must have filled in, declared once for the API and the console (issue 29), by their names on
 * the wire (a reference `tenant` is `tenantId`). `body`: every create needs them, and a text among them not blank;
 * the body schemas state exactly these as required properties (a test holds them to it), so a body without one, or
 * with only spaces, is a 400 naming it. `form`: the console's form asks for these too, though the API has a default
 * for them (a status, a type) or asks them only in some cases by its own rule (a GLOBAL user's tenant, a COMPANY
 * user's company: a 400 naming the field). The console's resource configurations take their `required` rule from here.
 * Plain values: the console may import it.
 */
import type { ResourceName } from './values';

/** The forms of the console: every resource's, and a training plan's modules and items. */
export type FormName = ResourceName | 'training-plan-modules' | 'training-plan-items';

export interface RequiredFields {
  body: readonly string[];
  form: readonly string[];
}

export const requiredFields = {
  tenants: { body: ['name'], form: [] },
  companies: { body: ['name', 'taxId', 'countryCode'], form: ['tenantId'] },
  users: { body: ['name', 'surname', 'email'], form: ['language', 'scope', 'tenantId', 'companyId'] },
  topics: { body: ['name'], form: ['color', 'status'] },
  contents: { body: ['title'], form: ['type', 'renderType'] },
  'training-plans': { body: ['name'], form: ['status'] },
  'training-plan-modules': { body: ['title'], form: [] },
  'training-plan-items': { body: ['title'], form: ['type'] },
  quizzes: { body: ['title'], form: ['status', 'passMark'] },
  groups: { body: ['name'], form: [] },
} as const satisfies Record<FormName, RequiredFields>;

/** The fields a create of `form` needs in its body. */
export type RequiredBodyField<Name extends FormName> = (typeof requiredFields)[Name]['body'][number];

/** Whether the form `form` asks for the field named `wireName` on the wire. */
export const isRequiredField = (form: FormName, wireName: string) => {
  const { body, form: formOnly }: RequiredFields = requiredFields[form];
  return body.includes(wireName) || formOnly.includes(wireName);
};
