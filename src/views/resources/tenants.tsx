import LoginIcon from '@mui/icons-material/Login';
import type { ResourceConfig } from './resource-config';
import { TenantSecurityPanel } from '../accounts/lazy-account-views';
import { listFields } from '../../domain/resource';
import { withRequired } from './required-fields';

export const tenantsResource: ResourceConfig<'tenants'> = {
  name: 'tenants',
  list: {
    titleKey: 'pages.tenants',
    allowedSorts: listFields.tenants.sorts,
    phone: { primary: ['name'], secondary: ['url'] },
    columns: [
      { field: 'name', headerKey: 'fields.name', sortBy: 'name', onPhone: true },
      { field: 'url', headerKey: 'fields.url' },
    ],
    deletable: false,
    selectable: true,
    rowActions: [
      {
        labelKey: 'list.assumeTenant',
        Icon: LoginIcon,
        run: (tenant, session) => session.send({ type: 'session.assume', tenantId: tenant.id }),
      },
    ],
  },
  form: {
    newTitleKey: 'pages.tenantNew',
    editTitleKey: 'pages.tenantEdit',
    loadErrorKey: 'loadingError.tenant',
    createdKey: 'feedback.tenantCreated',
    updatedKey: 'feedback.tenantUpdated',
    fields: () =>
      withRequired('tenants', [
        { name: 'name', kind: 'text', labelKey: 'fields.name', hideRequiredMark: true },
        { name: 'domainName', kind: 'text', labelKey: 'fields.domainName' },
        { name: 'vinapseTenant', kind: 'text', labelKey: 'fields.vinapseTenant', rules: ['videoTenant'] },
        { name: 'url', kind: 'text', labelKey: 'fields.url', rules: ['url'], autoComplete: 'url' },
        { name: 'description', kind: 'text', labelKey: 'fields.description', multiline: true },
      ]),
    Extra: TenantSecurityPanel,
  },
};
