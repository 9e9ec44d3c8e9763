import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Credentials } from '../../domain/session';
import { selectIsBusy, selectSignInRefusal } from '../../machines/session.machine';
import { useSessionActor } from '../actors';
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
    required: true,
    fullWidth: true,
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
          <TextField {...field('email')} label={t('login.email')} type="email" autoComplete="username" autoFocus />
          <TextField {...field('password')} label={t('login.password')} type="password" autoComplete="current-password" />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('login.submit')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
