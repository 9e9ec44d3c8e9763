import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { isEmail } from '../../domain/email';
import {
  selectLinkDetails,
  selectLinkIsBusy,
  selectLinkProblems,
  selectLinkStep,
  selectRequestedEmail,
  type LinkKind,
} from '../../machines/account-link.machine';
import { useAccountLinkMachine, useConsoleActorRef } from '../actors';
import { problemText } from '../form/problem-text';
import { LoadingLine } from '../pages/LoadingLine';
import { PageTitle } from '../pages/PageTitle';
import { CredentialField, LanguageChoice } from './LoginView';

/** The password rule the console checks before sending; the API checks the rest (common passwords, the address). */
export const PASSWORD_MIN_LENGTH = 8;

/** The frame of the signed-out pages: the sign-in page's card. */
function PublicCard({ title, children, onSubmit }: { title: string; children: ReactNode; onSubmit?: (event: FormEvent) => void }) {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 2, bgcolor: 'grey.100' }}>
      <Paper
        {...(onSubmit && { component: 'form' as const, noValidate: true, onSubmit })}
        sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth: 440 }}
      >
        <Stack spacing={3}>
          <div>
            <Typography variant="overline" color="text.secondary">
              {t('app.title')}
            </Typography>
            <PageTitle>{title}</PageTitle>
          </div>
          {children}
          <LanguageChoice />
        </Stack>
      </Paper>
    </Box>
  );
}

function SignInLink() {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} href="/login" variant="body2" sx={{ alignSelf: 'center' }}>
      {t('accountLink.backToSignIn')}
    </Link>
  );
}

/**
 * An invitation's or a password reset's link (`/invitation#token=…`, `/reset-password#token=…`): the link is checked,
 * then its person chooses a password, then signs in.
 */
export function LinkPasswordPage({ kind, token }: { kind: LinkKind; token: string | null }) {
  const { t } = useTranslation();
  const link = useConsoleActorRef(useAccountLinkMachine(), { input: { kind, token } });
  const step = useSelector(link, selectLinkStep);
  const details = useSelector(link, selectLinkDetails);
  const serverProblems = useSelector(link, selectLinkProblems);
  const busy = useSelector(link, selectLinkIsBusy);
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [sentPassword, setSentPassword] = useState<string | null>(null);
  const title = t(kind === 'invitation' ? 'accountLink.invitationTitle' : 'accountLink.resetTitle');

  const localProblems = () => {
    const problems: Partial<Record<'password' | 'confirmPassword', string>> = {};
    if (!values.password) problems.password = t('validation.required');
    else if (values.password.length < PASSWORD_MIN_LENGTH) problems.password = t('validation.minLength', { count: PASSWORD_MIN_LENGTH });
    if (values.confirmPassword !== values.password) problems.confirmPassword = t('validation.passwordsDiffer');
    return problems;
  };
  const problems = submitted ? localProblems() : {};
  // The API's refusal stays on the field until the password is changed.
  const serverProblem = serverProblems.password && sentPassword === values.password ? problemText(serverProblems.password, t) : undefined;
  const passwordProblem = problems.password ?? serverProblem;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(localProblems()).length > 0) return;
    setSentPassword(values.password);
    link.send({ type: 'accountLink.setPassword', password: values.password });
  };
  const field = (name: 'password' | 'confirmPassword', problem: string | undefined) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    error: Boolean(problem),
    helperText: problem,
  });

  if (step === 'verifying' || step === 'passwordSet') {
    return (
      <PublicCard title={title}>
        <Typography role="status">{t('accountLink.checking')}</Typography>
        <LoadingLine />
      </PublicCard>
    );
  }
  if (step === 'unverified') {
    return (
      <PublicCard title={title}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => link.send({ type: 'accountLink.retry' })}>
              {t('accountLink.retry')}
            </Button>
          }
        >
          {t('accountLink.checkFailed')}
        </Alert>
        <SignInLink />
      </PublicCard>
    );
  }
  if (step === 'invalid') {
    return (
      <PublicCard title={title}>
        <Alert severity="warning" data-testid="link-invalid">
          {t('accountLink.invalid')} {kind === 'invitation' && t('accountLink.invalidInvitation')}
        </Alert>
        {kind === 'reset' && (
          <Button component={RouterLink} href="/forgot-password" variant="contained">
            {t('accountLink.askNewLink')}
          </Button>
        )}
        <SignInLink />
      </PublicCard>
    );
  }
  return (
    <PublicCard title={title} onSubmit={submit}>
      {details && (
        <Stack spacing={1}>
          <Typography data-testid="link-greeting">{t('accountLink.greeting', { name: details.name, email: details.email })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('accountLink.validUntil', { expiresAt: new Date(details.expiresAt) })}
          </Typography>
        </Stack>
      )}
      {/* The account's address, for the browser's password manager to save the new password under. */}
      <input type="email" name="username" autoComplete="username" value={details?.email ?? ''} readOnly hidden />
      <CredentialField
        {...field('password', passwordProblem)}
        helperText={passwordProblem ?? t('accountLink.rules', { count: PASSWORD_MIN_LENGTH })}
        label={t('accountLink.password')}
        type="password"
        autoComplete="new-password"
        autoFocus
      />
      <CredentialField
        {...field('confirmPassword', problems.confirmPassword)}
        label={t('accountLink.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} loading={busy}>
        {t(kind === 'invitation' ? 'accountLink.acceptInvitation' : 'accountLink.setPassword')}
      </Button>
      <SignInLink />
    </PublicCard>
  );
}

/** "Forgot password?": an address to send a reset link to; the same answer whatever the address. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const link = useConsoleActorRef(useAccountLinkMachine(), { input: { kind: 'forgot', token: null } });
  const step = useSelector(link, selectLinkStep);
  const requestedEmail = useSelector(link, selectRequestedEmail);
  const busy = useSelector(link, selectLinkIsBusy);
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const title = t('accountLink.forgotTitle');
  const emailProblem = () => (!email.trim() ? t('validation.required') : !isEmail(email.trim()) ? t('validation.invalidEmail') : undefined);
  const problem = submitted ? emailProblem() : undefined;

  if (step === 'requested') {
    return (
      <PublicCard title={title}>
        <Alert severity="success" role="status" data-testid="reset-requested">
          {t('accountLink.requested', { email: requestedEmail })}
        </Alert>
        <Button onClick={() => link.send({ type: 'accountLink.again' })}>{t('accountLink.sendAgain')}</Button>
        <SignInLink />
      </PublicCard>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailProblem()) return;
    link.send({ type: 'accountLink.requestReset', email: email.trim() });
  };
  return (
    <PublicCard title={title} onSubmit={submit}>
      <Typography>{t('accountLink.forgotHelp')}</Typography>
      <CredentialField
        name="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(problem)}
        helperText={problem}
        label={t('accountLink.email')}
        type="email"
        autoComplete="username"
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" disabled={busy} loading={busy}>
        {t('accountLink.sendLink')}
      </Button>
      <SignInLink />
    </PublicCard>
  );
}
