import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '../../domain/session';

/**
 * The parts of two-factor sign-in shared by the sign-in page and Settings → Security: the field of a code (of the
 * authenticator, or a recovery code), the new authenticator's QR code and key, and the recovery codes shown once.
 * They render what the machines hold and send back what the user typed or clicked.
 */

interface CodeFormProps {
  /** The label of the code's field. */
  label: string;
  submitLabel: string;
  busy: boolean;
  /** The last code was refused as wrong: said on the field. */
  rejected: boolean;
  onSubmit: (code: string) => void;
  /** A second button (back to the password, cancel). */
  secondary?: { label: string; onClick: () => void };
  autoFocus?: boolean;
  children?: ReactNode;
}

/** A code: 6 digits of the authenticator or a recovery code (`xxxxx-xxxxx`), kept as typed; the server ignores spaces and dashes. */
export function CodeForm({ label, submitLabel, busy, rejected, onSubmit, secondary, autoFocus = true, children }: CodeFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const id = useId();
  const helperId = `${id}-helper-text`;
  const missing = submitted && code.trim() === '';
  const helper = missing ? t('validation.required') : rejected ? t('twoFactor.invalidCode') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setSubmitted(true);
    if (code.trim() === '') return;
    onSubmit(code.trim());
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid="two-factor-code-form">
      {children}
      <FormControl variant="outlined" fullWidth required error={Boolean(helper)}>
        <InputLabel htmlFor={id}>{label}</InputLabel>
        <OutlinedInput
          id={id}
          name="code"
          label={`${label} *`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          autoFocus={autoFocus}
          inputProps={{ maxLength: 32, spellCheck: false, autoCapitalize: 'off' }}
          {...(helper && { 'aria-describedby': helperId })}
        />
        {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
      </FormControl>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {secondary && (
          <Button type="button" onClick={secondary.onClick} disabled={busy}>
            {secondary.label}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The key in groups of four, as authenticator apps show it, easier to type by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface SetupPanelProps {
  setup: TwoFactorSetup;
  busy: boolean;
  rejected: boolean;
  onConfirm: (code: string) => void;
  secondary?: { label: string; onClick: () => void };
}

/** The new authenticator: its QR code, its key to type by hand, and the field of its first code. */
export function TwoFactorSetupPanel({ setup, busy, rejected, onConfirm, secondary }: SetupPanelProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="two-factor-setup">
      <Typography variant="body2">{t('twoFactor.scan')}</Typography>
      <Box
        component="img"
        src={setup.qrCode}
        alt={t('twoFactor.qrAlt')}
        data-testid="two-factor-qr"
        sx={{ width: 192, height: 192, maxWidth: '100%', alignSelf: 'center', bgcolor: 'common.white', p: 1, borderRadius: 1 }}
      />
      <div>
        <Typography variant="body2" color="text.secondary">
          {t('twoFactor.manualKey')}
        </Typography>
        <Typography
          component="code"
          data-testid="two-factor-secret"
          data-secret={setup.secret}
          sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', userSelect: 'all' }}
        >
          {grouped(setup.secret)}
        </Typography>
      </div>
      <CodeForm
        label={t('twoFactor.confirmCode')}
        submitLabel={t('twoFactor.confirm')}
        busy={busy}
        rejected={rejected}
        onSubmit={onConfirm}
        autoFocus={false}
        {...(secondary && { secondary })}
      />
    </Stack>
  );
}

interface RecoveryCodesProps {
  codes: readonly string[];
  onKept: () => void;
}

/** The ten recovery codes, shown once: to copy, to download as a text file, then gone. */
export function RecoveryCodesPanel({ codes, onKept }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
    link.download = 'recovery-codes.txt';
    link.click();
  };
  const labelId = useId();
  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Alert severity="warning">{t('twoFactor.codesIntro')}</Alert>
      <Typography id={labelId} variant="subtitle2" component="p">
        {t('twoFactor.codesLabel')}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={labelId}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          listStyle: 'none',
          m: 0,
          p: 2,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      {copied && (
        <Typography variant="body2" role="status">
          {t('twoFactor.copied')}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button type="button" onClick={copy}>
          {t('twoFactor.copy')}
        </Button>
        <Button type="button" onClick={download}>
          {t('twoFactor.download')}
        </Button>
        <Button type="button" variant="contained" onClick={onKept}>
          {t('twoFactor.codesKept')}
        </Button>
      </Stack>
    </Stack>
  );
}
