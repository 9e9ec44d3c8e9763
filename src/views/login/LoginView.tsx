import { useSelector } from '@xstate/react';
import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { Credentials } from '../../domain/session';
import { selectIsBusy, selectSignInRefusal } from '../../machines/session.machine';
import { useSessionActor } from '../actors';
import { validateCredentials, type CredentialErrors } from './validate-credentials';
import './login.css';

/**
 * The sign-in page, drawn with plain elements and login.css in the look of the console's MUI theme: the first visit
 * of the console fetches neither MUI nor its styling engine (see the README, "Benchmarks").
 */
export function LoginView({ onStarted }: { onStarted?: () => void }) {
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
    helperText: errors[name] ? t(errors[name]) : undefined,
  });
  // The user's first keystroke (or the browser's autofill): what follows the sign-in may be fetched from now on.
  const started = useRef(false);
  const start = () => {
    if (started.current) return;
    started.current = true;
    onStarted?.();
  };

  return (
    <main className="console-login">
      <form className="console-login-card" noValidate onSubmit={submit} onInput={start}>
        <div>
          <p className="console-login-overline">{t('app.title')}</p>
          <h1 className="console-login-title" data-testid="page-title">
            {t('login.title')}
          </h1>
        </div>
        {refusal && (
          <div className="console-login-refusal" role="status" data-testid="sign-in-refused">
            {refusal.retryAt === null ? t('login.tooManyAttemptsLater') : t('login.tooManyAttempts', { retryAt: refusal.retryAt })}
          </div>
        )}
        <CredentialField {...field('email')} label={t('login.email')} type="email" autoComplete="username" autoFocus />
        <CredentialField {...field('password')} label={t('login.password')} type="password" autoComplete="current-password" />
        <button type="submit" className="console-login-submit" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
    </main>
  );
}

type CredentialFieldProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'type' | 'autoComplete' | 'autoFocus'> & {
  label: string;
  helperText: string | undefined;
};

/** A required text field with its label and, when the value is refused, why (described by it, marked invalid). */
function CredentialField({ label, helperText, ...input }: CredentialFieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  const error = Boolean(helperText);
  return (
    <div className="console-login-field" data-error={error || undefined}>
      <label htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <input id={id} required aria-invalid={error} {...(error && { 'aria-describedby': helperId })} {...input} />
      {error && (
        <p id={helperId} className="console-login-helper">
          {helperText}
        </p>
      )}
    </div>
  );
}
