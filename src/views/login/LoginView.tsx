import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { Credentials } from '../../domain/session';
import { selectIsBusy, selectSignInRefusal } from '../../machines/session.machine';
import { useSessionActor } from '../actors';
import { languageEntries, useLanguageSwitch } from '../layout/language-switch';
import { PageTitle } from '../pages/PageTitle';
import { validateCredentials, type CredentialErrors } from './validate-credentials';

export function LoginView() {
  const session = useSessionActor();
  const busy = useSelector(session, selectIsBusy);
  const refusal = useSelector(session, selectSignInRefusal);
  const { t } = useTranslation();
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors: CredentialErrors = submitted ? validateCredentials(credentials) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateCredentials(credentials)).length > 0) return;
    session.send({ type: 'session.login', email: credentials.email.trim(), password: credentials.password });
  };
  const field = (name: keyof Credentials) => ({
    name,
    value: credentials[name],
    onChange: (event: { target: { value: string } }) => setCredentials({ ...credentials, [name]: event.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name] ? t(errors[name]) : undefined,
  });

  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2, bgcolor: 'grey.100' }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 4, width: '100%', maxWidth: 400 }}>
        <Stack spacing={3}>
          <div>
            <Typography variant="overline" color="text.secondary">
              {t('app.title')}
            </Typography>
            <PageTitle>{t('login.title')}</PageTitle>
          </div>
          {refusal && (
            <Alert severity="warning" role="status" data-testid="sign-in-refused">
              {refusal.retryAt === null ? t('login.tooManyAttemptsLater') : t('login.tooManyAttempts', { retryAt: refusal.retryAt })}
            </Alert>
          )}
          <CredentialField {...field('email')} label={t('login.email')} type="email" autoComplete="username" autoFocus />
          <CredentialField {...field('password')} label={t('login.password')} type="password" autoComplete="current-password" />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('login.submit')}
          </Button>
          <Link component={RouterLink} href="/forgot-password" variant="body2" sx={{ alignSelf: 'center' }} data-testid="forgot-password">
            {t('login.forgotPassword')}
          </Link>
          <LanguageChoice />
        </Stack>
      </Paper>
    </Box>
  );
}

/** The language of the console before signing in: the same switch, and the same stored choice, as the user menu's. */
export function LanguageChoice() {
  const { t } = useTranslation();
  const language = useLanguageSwitch();
  return (
    <Stack
      direction="row"
      spacing={1}
      role="group"
      aria-label={t('userMenu.language')}
      data-testid="login-language"
      sx={{ justifyContent: 'center' }}
    >
      {languageEntries.map(({ language: code, labelKey }) => (
        <Button
          key={code}
          type="button"
          size="small"
          lang={code}
          aria-pressed={language.current === code}
          variant={language.current === code ? 'outlined' : 'text'}
          onClick={() => language.switchTo(code)}
        >
          {t(labelKey)}
        </Button>
      ))}
    </Stack>
  );
}

export type CredentialFieldProps = Pick<OutlinedInputProps, 'name' | 'value' | 'onChange' | 'type' | 'autoComplete' | 'autoFocus'> & {
  label: string;
  error: boolean;
  helperText: string | undefined;
};

/**
 * A required outlined text field, as MUI's TextField draws it, built from its parts: the sign-in page is the first
 * thing loaded, and TextField would bring the code of its select variant along.
 */
export function CredentialField({ label, error, helperText, ...input }: CredentialFieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl variant="outlined" fullWidth required error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={`${label} *`} {...input} {...(helperText && { 'aria-describedby': helperId })} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
