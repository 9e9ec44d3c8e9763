import { fromPromise, type ActorRefFrom } from 'xstate';
import type { CachedAccountApi } from '../api/account';
import type { RecordBody, StoredRecord } from '../domain/resource';
import type { MeResponse, PasswordChange, ProfileChange } from '../domain/session';
import { formMachine } from '../machines/form.machine';
import type { sessionMachine } from '../machines/session.machine';
import { twoFactorMachine } from '../machines/two-factor.machine';
import type { SettingsMachines } from '../views/actors';
import type { OutcomeActions } from './outcomes';

/**
 * The form's record of the signed-in user: the name fields at the top (what the form edits). `users/me` has no
 * version: the change is the user's own, and the API takes no version for it.
 */
const profileRecord = ({ user }: MeResponse): StoredRecord & ProfileChange => ({
  id: user.id,
  createdAt: '',
  updatedAt: '',
  version: 0,
  name: user.name,
  surname: user.surname,
});

/** A text the form sent; the form's rules make every one of these present (the API would answer 400 otherwise). */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The bodies the forms build, as the API's: exactly the fields each form edits. */
const profileChange = ({ name, surname }: RecordBody): ProfileChange => ({ name: textOf(name), surname: textOf(surname) });
const passwordChange = ({ currentPassword, newPassword }: RecordBody): PasswordChange => ({
  currentPassword: textOf(currentPassword),
  newPassword: textOf(newPassword),
});

/** A password change answers nothing (204): the form's record is only a placeholder. */
const passwordChanged: StoredRecord = { id: 'password', createdAt: '', updatedAt: '', version: 0 };

/**
 * The settings page's forms: the profile loads the signed-in user (`GET users/me`, through the query cache) and
 * saves the name (`PUT users/me`), whose answer the session takes at once (`session.profileUpdated`: the header
 * shows the new name); the password form changes the password (`PUT users/me/password`). The forms send exactly
 * the API's bodies (`name`, `surname`; `currentPassword`, `newPassword`): the confirmation is form-only. The
 * security section's two-factor sign-in calls `users/me/two-factor` directly (nothing of it is cached).
 */
export function provideSettingsMachines(
  account: CachedAccountApi,
  session: Pick<ActorRefFrom<typeof sessionMachine>, 'send'>,
  outcomes: OutcomeActions,
): SettingsMachines {
  return {
    profile: formMachine.provide({
      actors: {
        loadRecord: fromPromise(async ({ input: { reload } }) => profileRecord(await account.me({ reload }))),
        saveRecord: fromPromise(async ({ input: { body } }) => {
          const me = await account.updateProfile(profileChange(body));
          session.send({ type: 'session.profileUpdated', me });
          return profileRecord(me);
        }),
      },
      actions: outcomes,
    }),
    password: formMachine.provide({
      actors: {
        saveRecord: fromPromise(async ({ input: { body } }) => {
          await account.changePassword(passwordChange(body));
          return passwordChanged;
        }),
      },
      actions: outcomes,
    }),
    twoFactor: twoFactorMachine.provide({
      actors: {
        fetchStatus: fromPromise(() => account.twoFactor.status()),
        startSetup: fromPromise(() => account.twoFactor.startSetup()),
        confirmSetup: fromPromise(({ input }) => account.twoFactor.confirm(input.code)),
        regenerateCodes: fromPromise(({ input }) => account.twoFactor.regenerateRecoveryCodes(input.code)),
        disable: fromPromise(({ input }) => account.twoFactor.disable(input.code)),
      },
      actions: outcomes,
    }),
  };
}
