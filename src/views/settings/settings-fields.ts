import type { FieldConfig } from '../form/form-config';

/** The signed-in user's own name (`PUT users/me`): the rules of the users' form. */
export const profileFields: FieldConfig[] = [
  { name: 'name', kind: 'text', labelKey: 'fields.name', rules: ['required'], autoComplete: 'given-name' },
  { name: 'surname', kind: 'text', labelKey: 'fields.surname', rules: ['required'], autoComplete: 'family-name' },
];

/** `PUT users/me/password`: the current password, the new one (8 characters at least) and its confirmation (never sent). */
export const passwordFields: FieldConfig[] = [
  {
    name: 'currentPassword',
    kind: 'password',
    labelKey: 'settings.currentPassword',
    rules: ['required'],
    autoComplete: 'current-password',
  },
  {
    name: 'newPassword',
    kind: 'password',
    labelKey: 'settings.newPassword',
    rules: ['required', { minLength: 8 }],
    autoComplete: 'new-password',
  },
  {
    name: 'confirmNewPassword',
    kind: 'password',
    labelKey: 'settings.confirmNewPassword',
    rules: ['required', { sameAs: 'newPassword' }],
    formOnly: true,
    autoComplete: 'new-password',
  },
];
