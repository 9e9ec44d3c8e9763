import type { FieldConfig } from '../form/form-config';
import type { ResourceConfig } from './resource-config';
import { filterConfigs } from '../list/list-config';
import { listFields } from '../../domain/resource';
import { withRequired } from './required-fields';

const text = (name: string, labelKey: string, extra: Partial<FieldConfig> = {}): FieldConfig => ({
  name,
  kind: 'text',
  labelKey,
  ...extra,
});

const companyFields: FieldConfig[] = [
  text('name', 'fields.name'),
  text('taxId', 'fields.taxId'),
  text('domain', 'fields.domain'),
  text('vinapseTenant', 'fields.vinapseTenant', { rules: ['videoTenant'] }),
  text('addressLine1', 'fields.addressLine1', { autoComplete: 'address-line1' }),
  text('addressLine2', 'fields.addressLine2', { autoComplete: 'address-line2' }),
  text('postalCode', 'fields.postalCode', { autoComplete: 'postal-code' }),
  text('city', 'fields.city', { autoComplete: 'address-level2' }),
  text('region', 'fields.region', { autoComplete: 'address-level1' }),
  text('countryCode', 'fields.countryCode', { rules: ['countryCode'], upperCase: true, autoComplete: 'country' }),
  text('phone', 'fields.phone', { autoComplete: 'tel' }),
  { name: 'email', kind: 'email', labelKey: 'fields.email', rules: ['email'], autoComplete: 'email' },
];

/** Only a GLOBAL user says which tenant a company belongs to; for the others the API takes their own. */
const tenantField: FieldConfig = {
  name: 'tenant',
  kind: 'reference',
  labelKey: 'fields.tenant',
  reference: { resource: 'tenants' },
};

export const companiesResource: ResourceConfig<'companies'> = {
  name: 'companies',
  list: {
    titleKey: 'pages.companies',
    allowedSorts: listFields.companies.sorts,
    filters: filterConfigs(listFields.companies.filters, {
      tenantId: { labelKey: 'fields.tenant' },
      countryCode: { labelKey: 'fields.country' },
    }),
    phone: { primary: ['name'], secondary: ['address'] },
    columns: [
      { field: 'name', headerKey: 'fields.name', sortBy: 'name', onPhone: true },
      { field: 'address', headerKey: 'fields.address', text: (company) => [company.addressLine1, company.city].filter(Boolean).join(', ') },
    ],
    deletable: true,
    bulkActions: ['delete'],
    deletedKey: 'feedback.companyDeleted',
  },
  form: {
    newTitleKey: 'pages.companyNew',
    editTitleKey: 'pages.companyEdit',
    loadErrorKey: 'loadingError.company',
    createdKey: 'feedback.companyCreated',
    updatedKey: 'feedback.companyUpdated',
    fields: ({ user }) => withRequired('companies', user.scope === 'GLOBAL' ? [tenantField, ...companyFields] : companyFields),
  },
};
