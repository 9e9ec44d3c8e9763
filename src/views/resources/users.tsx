import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BusinessIcon from '@mui/icons-material/Business';
import CheckIcon from '@mui/icons-material/Check';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PublicIcon from '@mui/icons-material/Public';
import { scopes, type Scope } from '../../domain/session';
import type { FieldConfig, FormMode } from '../form/form-config';
import type { ResourceConfig } from './resource-config';
import { filterConfigs } from '../list/list-config';
import { CellIcon } from '../list/CellContent';
import { UserAccountPanel } from '../accounts/lazy-account-views';
import { UserPlans } from '../delivery/UserPlans';
import type { FormActor } from '../form/form-actor';
import { listFields } from '../../domain/resource';
import { withRequired } from './required-fields';

const scopeIcons: Record<Scope, SvgIconComponent> = { GLOBAL: PublicIcon, TENANT: ApartmentIcon, COMPANY: BusinessIcon };

/** A user creates users of its own scope or narrower. */
const scopesFrom = (scope: Scope) => scopes.slice(scopes.indexOf(scope));

/** The languages a user's mails are written in (the API's `language`). */
const mailLanguages = ['it', 'en'] as const;

/**
 * A new user may be sent an invitation instead of being given a password (issue 30): the switch hides
 * the password fields, and the language of the mails is chosen (the console's own to start with).
 */
function invitationFields({ language }: FormMode): FieldConfig[] {
  return [
    {
      name: 'sendInvitation',
      kind: 'switch',
      startsRow: true,
      labelKey: 'fields.sendInvitation',
      helperKey: 'fields.sendInvitationHelp',
      defaultValue: false,
    },
    {
      name: 'language',
      kind: 'select',
      labelKey: 'fields.language',
      defaultValue: mailLanguages.find((code) => language.startsWith(code)) ?? 'en',
      options: [
        { value: 'it', labelKey: 'userMenu.italian' },
        { value: 'en', labelKey: 'userMenu.english' },
      ],
    },
  ];
}

function userFields(scope: Scope, mode: FormMode | undefined): FieldConfig[] {
  const inviting = mode?.creating === true;
  const passwordShown = inviting ? { showWhen: { field: 'sendInvitation', oneOf: [false] } } : {};
  // On an existing user an empty password keeps the current one: the fields say so.
  const keepPassword = mode?.creating === false ? { helperKey: 'fields.passwordKeep' } : {};
  const fields: FieldConfig[] = [
    { name: 'name', kind: 'text', labelKey: 'fields.name', autoComplete: 'given-name' },
    { name: 'surname', kind: 'text', labelKey: 'fields.surname', autoComplete: 'family-name' },
    { name: 'email', kind: 'email', labelKey: 'fields.email', rules: ['email'], autoComplete: 'email' },
    ...(inviting ? invitationFields(mode) : []),
    {
      name: 'password',
      kind: 'password',
      labelKey: 'fields.password',
      rules: [{ minLength: 8 }],
      autoComplete: 'new-password',
      startsRow: true,
      ...passwordShown,
      ...keepPassword,
    },
    {
      name: 'confirmPassword',
      kind: 'password',
      labelKey: 'fields.confirmPassword',
      rules: [{ sameAs: 'password' }],
      formOnly: true,
      autoComplete: 'new-password',
      ...passwordShown,
      ...keepPassword,
    },
    { name: 'enabled', kind: 'switch', labelKey: 'fields.enabled', defaultValue: true, startsRow: true },
    { name: 'admin', kind: 'switch', labelKey: 'fields.admin', defaultValue: false },
    {
      name: 'scope',
      kind: 'select',
      labelKey: 'fields.scope',
      startsRow: true,
      defaultValue: scope,
      options: scopesFrom(scope).map((value) => ({ value, labelKey: `scopes.${value}` })),
    },
  ];
  if (scope === 'GLOBAL') {
    fields.push({
      name: 'tenant',
      kind: 'reference',
      labelKey: 'fields.tenant',
      showWhen: { field: 'scope', oneOf: ['TENANT', 'COMPANY'] },
      clears: ['company'],
      reference: { resource: 'tenants' },
    });
  }
  if (scope !== 'COMPANY') {
    fields.push({
      name: 'company',
      kind: 'reference',
      labelKey: 'fields.company',
      showWhen: { field: 'scope', oneOf: ['COMPANY'] },
      reference: { resource: 'companies', ...(scope === 'GLOBAL' && { filterBy: { field: 'tenant', param: 'tenantId' } }) },
    });
  }
  return withRequired('users', fields);
}

export const usersResource: ResourceConfig<'users'> = {
  name: 'users',
  list: {
    titleKey: 'pages.users',
    allowedSorts: listFields.users.sorts,
    filters: filterConfigs(listFields.users.filters, {
      status: { labelKey: 'fields.status', valuesKey: 'userStatus' },
      scope: { labelKey: 'fields.scope', valuesKey: 'scopes' },
      enabled: { labelKey: 'fields.enabled' },
      companyId: { labelKey: 'fields.company' },
      groupId: { labelKey: 'fields.group' },
    }),
    phone: { primary: ['name', 'surname'], secondary: ['email'], status: ['status', 'scope'] },
    columns: [
      {
        field: 'status',
        headerKey: 'fields.status',
        width: 90,
        render: ({ status }, t) =>
          status === 'ACTIVE' ? (
            <CellIcon Icon={CheckCircleIcon} color="success" label={t('userStatus.ACTIVE')} />
          ) : (
            <CellIcon Icon={HourglassEmptyIcon} color="disabled" label={t(`userStatus.${status}`)} />
          ),
      },
      { field: 'name', headerKey: 'fields.name', sortBy: 'name', onPhone: true },
      { field: 'surname', headerKey: 'fields.surname', sortBy: 'surname' },
      { field: 'email', headerKey: 'fields.email' },
      {
        field: 'scope',
        headerKey: 'fields.scope',
        sortBy: 'email',
        width: 150,
        render: ({ scope }, t) => <CellIcon Icon={scopeIcons[scope]} color="action" label={t(`scopes.${scope}`)} />,
      },
      {
        field: 'enabled',
        headerKey: 'fields.enabled',
        width: 100,
        render: ({ enabled }, t) =>
          enabled ? (
            <CellIcon Icon={CheckIcon} color="success" label={t('fields.enabled')} />
          ) : (
            <CellIcon Icon={CloseIcon} color="action" label={t('fields.disabled')} />
          ),
      },
    ],
    deletable: true,
    deletedKey: 'feedback.userDeleted',
    bulkActions: ['disable', 'enable', 'addToGroup', 'assignPlan', 'delete'],
  },
  form: {
    newTitleKey: 'pages.userNew',
    editTitleKey: 'pages.userEdit',
    loadErrorKey: 'loadingError.user',
    createdKey: 'feedback.userCreated',
    updatedKey: 'feedback.userUpdated',
    fields: ({ user }, mode) => userFields(user.scope, mode),
    Extra: UserExtras,
  },
};

/** Below a user's form: the account (issue 30), then the learner's training plans (issue 27). */
function UserExtras({ form }: { form: FormActor }) {
  return (
    <>
      <UserAccountPanel form={form} />
      <UserPlans form={form} />
    </>
  );
}
