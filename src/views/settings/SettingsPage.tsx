import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { Fragment, useEffect, useId, useReducer, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsSaved, type FormMessages } from '../../machines/form.machine';
import { useConsoleActorRef, useSettingsMachines } from '../actors';
import type { FormActor } from '../form/form-actor';
import { RecordForm, RecordLoad } from '../form/FormView';
import { languageEntries, useLanguageSwitch, type LanguageCode } from '../layout/language-switch';
import { useLeaveGuard } from '../navigation/leave-guard';
import { PageTitle } from '../pages/PageTitle';
import { passwordFields, profileFields } from './settings-fields';
import { TwoFactorSetting } from './TwoFactorSetting';

/** The user's own settings, for every scope: the name, the language, the password and two-factor sign-in. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('settings.title')}</PageTitle>
      <Stack spacing={4} sx={{ maxWidth: 900 }}>
        <SettingsSection titleKey="settings.profile">
          <Reopening>{(reopen) => <ProfileForm onSaved={reopen} />}</Reopening>
        </SettingsSection>
        <SettingsSection titleKey="settings.language">
          <LanguageSetting />
        </SettingsSection>
        <SettingsSection titleKey="settings.password">
          <Reopening>{(reopen) => <PasswordForm onChanged={reopen} />}</Reopening>
        </SettingsSection>
        <SettingsSection titleKey="twoFactor.section">
          <TwoFactorSetting />
        </SettingsSection>
      </Stack>
    </>
  );
}

/** A section of the page, a landmark named by its heading. */
function SettingsSection({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {t(titleKey)}
      </Typography>
      {children}
    </section>
  );
}

/** A form that, once saved, opens again as new: a fresh actor (the saved form is final). */
function Reopening({ children }: { children: (reopen: () => void) => ReactNode }) {
  const [opening, reopen] = useReducer((count: number) => count + 1, 0);
  return <Fragment key={opening}>{children(reopen)}</Fragment>;
}

/** When a form's actor reaches `saved`, `onSaved` runs (once). */
function useOnSaved(form: FormActor, onSaved: () => void) {
  const saved = useSelector(form, selectIsSaved);
  useEffect(() => {
    if (saved) onSaved();
  }, [saved, onSaved]);
}

const profileMessages: FormMessages = {
  createdKey: 'settings.profileSaved',
  updatedKey: 'settings.profileSaved',
  updateFailedKey: 'settings.profileSaveFailed',
};

/** Throttled as sign-in is: when the API says when to try again, so does the message. */
const passwordMessages: FormMessages = {
  createdKey: 'settings.passwordChanged',
  updatedKey: 'settings.passwordChanged',
  createFailedKey: 'settings.passwordChangeFailed',
  throttledKey: 'settings.tooManyAttempts',
};

/** The signed-in user's name, loaded from the API; saving it renames the user in the header at once (src/app tells the session). */
function ProfileForm({ onSaved }: { onSaved: () => void }) {
  const form = useConsoleActorRef(useSettingsMachines().profile, { input: { id: 'me', fields: profileFields, messages: profileMessages } });
  useLeaveGuard(form);
  useOnSaved(form, onSaved);

  return (
    <RecordLoad form={form} loadErrorKey="settings.profileLoadFailed">
      <RecordForm form={form} fields={profileFields} />
    </RecordLoad>
  );
}

/** The password change: the API's field errors (a wrong current password) show on their fields; success says so and empties the form. */
function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const form = useConsoleActorRef(useSettingsMachines().password, {
    input: { id: null, fields: passwordFields, messages: passwordMessages },
  });
  useLeaveGuard(form);
  useOnSaved(form, onChanged);
  return <RecordForm form={form} fields={passwordFields} submitLabelKey="settings.changePassword" />;
}

/** The same switch as the user menu's: applies at once and is remembered by this browser. */
function LanguageSetting() {
  const { t } = useTranslation();
  const language = useLanguageSwitch();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <TextField
        select
        name="language"
        label={t('settings.language')}
        value={language.current ?? ''}
        onChange={(event) => language.switchTo(event.target.value as LanguageCode)}
        helperText={t('settings.languageHelp')}
        sx={{ minWidth: 240 }}
      >
        {languageEntries.map(({ language: code, labelKey }) => (
          <MenuItem key={code} value={code} lang={code}>
            {t(labelKey)}
          </MenuItem>
        ))}
      </TextField>
    </Paper>
  );
}
