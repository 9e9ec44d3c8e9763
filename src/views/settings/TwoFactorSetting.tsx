import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectTwoFactorBusy,
  selectTwoFactorCodeRejected,
  selectTwoFactorStatus,
  selectTwoFactorView,
} from '../../machines/two-factor.machine';
import { useConsoleActorRef, useSettingsMachines } from '../actors';
import { CodeForm, RecoveryCodesPanel, TwoFactorSetupPanel } from '../two-factor/two-factor-parts';

/**
 * Settings → Security: the user's own two-factor sign-in, as its machine holds it. Off: turn it on (the QR code and
 * key of a new authenticator, confirmed by a code, then the recovery codes once). On: new recovery codes, or off
 * (unless required), each with a code.
 */
export function TwoFactorSetting() {
  const { t } = useTranslation();
  const actor = useConsoleActorRef(useSettingsMachines().twoFactor);
  const view = useSelector(actor, selectTwoFactorView);
  const status = useSelector(actor, selectTwoFactorStatus);
  const busy = useSelector(actor, selectTwoFactorBusy);
  const rejected = useSelector(actor, selectTwoFactorCodeRejected);
  const setup = useSelector(actor, (snapshot) => snapshot.context.setup);
  const codes = useSelector(actor, (snapshot) => snapshot.context.recoveryCodes);
  const cancel = { label: t('twoFactor.cancel'), onClick: () => actor.send({ type: 'twoFactor.cancel' }) };
  const submitCode = (code: string) => actor.send({ type: 'twoFactor.submitCode', code });

  const content = () => {
    switch (view) {
      case 'loading':
        return <Typography role="status">{t('app.loading')}</Typography>;
      case 'loadFailed':
        return (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="error">{t('twoFactor.loadFailed')}</Alert>
            <Button onClick={() => actor.send({ type: 'twoFactor.retry' })}>{t('twoFactor.reload')}</Button>
          </Stack>
        );
      case 'off':
        return (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography data-testid="two-factor-status">{t('twoFactor.statusOff')}</Typography>
            {status?.required && <Alert severity="warning">{t('twoFactor.setupRequired')}</Alert>}
            <Button variant="contained" disabled={busy} onClick={() => actor.send({ type: 'twoFactor.enable' })}>
              {t('twoFactor.enable')}
            </Button>
          </Stack>
        );
      case 'setup':
        return (
          setup && (
            <TwoFactorSetupPanel
              setup={setup}
              busy={busy}
              rejected={rejected}
              onConfirm={(code) => actor.send({ type: 'twoFactor.confirm', code })}
              secondary={cancel}
            />
          )
        );
      case 'codes':
        return <RecoveryCodesPanel codes={codes ?? []} onKept={() => actor.send({ type: 'twoFactor.codesKept' })} />;
      case 'regenerate':
        return (
          <CodeForm
            label={t('twoFactor.code')}
            submitLabel={t('twoFactor.regenerate')}
            busy={busy}
            rejected={rejected}
            onSubmit={submitCode}
            secondary={cancel}
          >
            <Typography variant="body2">{t('twoFactor.regenerateIntro')}</Typography>
          </CodeForm>
        );
      case 'disable':
        return (
          <CodeForm
            label={t('twoFactor.code')}
            submitLabel={t('twoFactor.disable')}
            busy={busy}
            rejected={rejected}
            onSubmit={submitCode}
            secondary={cancel}
          >
            <Typography variant="body2">{t('twoFactor.disableIntro')}</Typography>
          </CodeForm>
        );
      case 'on':
        return (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography data-testid="two-factor-status">
              {status?.enabledAt ? t('twoFactor.statusOnSince', { date: new Date(status.enabledAt) }) : t('twoFactor.statusOn')}{' '}
              {t('twoFactor.codesLeft', { count: status?.recoveryCodesLeft ?? 0 })}
            </Typography>
            {status?.required && <Typography color="text.secondary">{t('twoFactor.required')}</Typography>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="outlined" onClick={() => actor.send({ type: 'twoFactor.regenerate' })}>
                {t('twoFactor.regenerate')}
              </Button>
              {!status?.required && (
                <Button variant="outlined" color="error" onClick={() => actor.send({ type: 'twoFactor.disable' })}>
                  {t('twoFactor.disable')}
                </Button>
              )}
            </Stack>
          </Stack>
        );
    }
  };

  return <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>{content()}</Paper>;
}
