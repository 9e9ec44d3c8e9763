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
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { Credentials } from '../../domain/session';
import {
  selectCodeRejected,
  selectIsBusy,
  selectSignInExpired,
  selectSignInRecoveryCodes,
  selectSignInRefusal,
  selectSignInSetup,
  selectSignInSetupFailed,
  selectSignInStep,
  type SignInStep,
} from '../../machines/session.machine';
import { useSessionActor } from '../actors';
import { languageEntries, useLanguageSwitch } from '../layout/language-switch';
import { PageTitle } from '../pages/PageTitle';
import { CodeForm, RecoveryCodesPanel, TwoFactorSetupPanel } from '../two-factor/two-factor-parts';
import { validateCredentials, type CredentialErrors } from './validate-credentials';

/** The sign-in page: the password, then the second step the server asks for (a code, or setting up an authenticator). */
export function LoginView() {
  const step = useSelector(useSessionActor(), selectSignInStep);
  // The email stays for a return to the password (the second step expired, or the user went back).
  const [email, setEmail] = useState('');
  return step === 'password' ? <PasswordStep email={email} onEmail={setEmail} /> : <SecondStep step={step} />;
}

/** The page's frame: the console's name, the step's title, its content; the language switch below. */
function SignInFrame({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2, bgcolor: 'grey.100' }}>
      <Paper sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <Stack spacing={3}>
          <div>
            <Typography variant="overline" color="text.secondary">
              {t('app.title')}
            </Typography>
            <PageTitle>{t(titleKey)}</PageTitle>
          </div>
          {children}
          <LanguageChoice />
        </Stack>
      </Paper>
    </Box>
  );
}

/**
 * The second step after a right password: the code of the authenticator (or a recovery code); or, where the account
 * must use two-factor sign-in and has none, setting one up and keeping its recovery codes. Back to the password at will.
 */
function SecondStep({ step }: { step: Exclude<SignInStep, 'password'> }) {
  const session = useSessionActor();
  const busy = useSelector(session, selectIsBusy);
  const rejected = useSelector(session, selectCodeRejected);
  const setup = useSelector(session, selectSignInSetup);
  const setupFailed = useSelector(session, selectSignInSetupFailed);
  const recoveryCodes = useSelector(session, selectSignInRecoveryCodes);
  const { t } = useTranslation();
  const back = { label: t('twoFactor.backToPassword'), onClick: () => session.send({ type: 'session.backToPassword' }) };

  if (step === 'code')
    return (
      <SignInFrame titleKey="twoFactor.codeTitle">
        <CodeForm
          label={t('twoFactor.code')}
          submitLabel={t('twoFactor.verify')}
          busy={busy}
          rejected={rejected}
          onSubmit={(code) => session.send({ type: 'session.submitCode', code })}
          secondary={back}
        >
          <Typography variant="body2">{t('twoFactor.codeIntro')}</Typography>
        </CodeForm>
      </SignInFrame>
    );
  if (step === 'recoveryCodes')
    return (
      <SignInFrame titleKey="twoFactor.codesTitle">
        <RecoveryCodesPanel codes={recoveryCodes ?? []} onKept={() => session.send({ type: 'session.recoveryCodesKept' })} />
      </SignInFrame>
    );
  return (
    <SignInFrame titleKey="twoFactor.setupTitle">
      <Alert severity="info">{t('twoFactor.setupRequired')}</Alert>
      {setup ? (
        <TwoFactorSetupPanel
          setup={setup}
          busy={busy}
          rejected={rejected}
          onConfirm={(code) => session.send({ type: 'session.confirmSetup', code })}
          secondary={back}
        />
      ) : setupFailed ? (
        <Stack spacing={2}>
          <Alert severity="error">{t('twoFactor.setupFailed')}</Alert>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button type="button" onClick={back.onClick}>
              {back.label}
            </Button>
            <Button type="button" variant="contained" onClick={() => session.send({ type: 'session.retrySetup' })}>
              {t('twoFactor.retry')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Typography role="status">{t('app.loading')}</Typography>
      )}
    </SignInFrame>
  );
}

function PasswordStep({ email, onEmail }: { email: string; onEmail: (email: string) => void }) {
  const session = useSessionActor();
  const busy = useSelector(session, selectIsBusy);
  const refusal = useSelector(session, selectSignInRefusal);
  const expired = useSelector(session, selectSignInExpired);
  const { t } = useTranslation();
  const [credentials, setCredentials] = useState<Credentials>({ email, password: '' });
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
    onChange: (event: { target: { value: string } }) => {
      setCredentials({ ...credentials, [name]: event.target.value });
      if (name === 'email') onEmail(event.target.value);
    },
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
          {expired && (
            <Alert severity="warning" role="status" data-testid="sign-in-expired">
              {t('twoFactor.signInExpired')}
            </Alert>
          )}
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
