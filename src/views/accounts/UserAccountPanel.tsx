import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { UserAccount } from '../../domain/account-security';
import {
  selectActionsData,
  selectActionsLoadFailed,
  selectIsConfirming,
  selectPendingAction,
} from '../../machines/account-actions.machine';
import { fieldOf } from '../../machines/form-fields';
import { selectRecord } from '../../machines/form.machine';
import { selectSessionState } from '../../machines/session.machine';
import { useAccountMachines, useConsoleActorRef, useSessionActor } from '../actors';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import type { FormActor } from '../form/form-actor';
import { ActionAlert } from '../pages/ActionAlert';
import { LoadingLine } from '../pages/LoadingLine';

const text = (record: unknown, field: string) => {
  const value = fieldOf(record, field);
  return typeof value === 'string' ? value : '';
};

/**
 * Below a user's form (issue 30): the account as the API keeps it beyond the form's fields. A user waiting for a
 * password (PENDING) shows its invitation and "Resend invitation"; a user with a second factor, "Reset second factor"
 * (confirmed first; not on one's own account, which Settings handles).
 */
export function UserAccountPanel({ form }: { form: FormActor }) {
  const record = useSelector(form, selectRecord);
  const id = text(record, 'id');
  if (!id) return null;
  return <UserAccountActions key={id} userId={id} record={record} />;
}

function UserAccountActions({ userId, record }: { userId: string; record: unknown }) {
  const { t } = useTranslation();
  const session = useSelector(useSessionActor(), selectSessionState);
  const panel = useConsoleActorRef(useAccountMachines().user, {
    input: {
      subject: userId,
      doneKeys: { sendInvitation: 'accountActions.invitationSent', resetTwoFactor: 'accountActions.twoFactorReset' },
      failedKey: 'accountActions.failed',
    },
  });
  const account = useSelector(panel, selectActionsData) as UserAccount | null;
  const loadFailed = useSelector(panel, selectActionsLoadFailed);
  const confirming = useSelector(panel, selectIsConfirming);
  const pending = useSelector(panel, selectPendingAction);
  const canRun = useSelector(panel, (snapshot) => snapshot.can({ type: 'accountActions.run', action: 'sendInvitation' }));
  const pendingUser = text(record, 'status') === 'PENDING';
  const ownAccount = session?.user.id === userId;
  const name = [text(record, 'name'), text(record, 'surname')].filter(Boolean).join(' ');

  return (
    <Paper component="section" aria-labelledby="user-account-title" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }} data-testid="user-account">
      <Typography variant="h6" component="h2" id="user-account-title" gutterBottom>
        {t('accountActions.account')}
      </Typography>
      {loadFailed ? (
        <ActionAlert actionLabel={t('accountActions.retry')} onAction={() => panel.send({ type: 'accountActions.retry' })}>
          {t('accountActions.loadFailed')}
        </ActionAlert>
      ) : !account ? (
        <LoadingLine />
      ) : (
        <Stack spacing={2}>
          {pendingUser && (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography data-testid="invitation-state">
                {t('accountActions.pendingHelp')}{' '}
                {account.invitation === null
                  ? t('accountActions.noInvitation')
                  : t(account.invitation.expired ? 'accountActions.invitationExpired' : 'accountActions.invitationPending', {
                      sentAt: new Date(account.invitation.sentAt),
                      expiresAt: new Date(account.invitation.expiresAt),
                    })}
              </Typography>
              <Button
                variant="outlined"
                disabled={!canRun}
                loading={pending === 'sendInvitation'}
                onClick={() => panel.send({ type: 'accountActions.run', action: 'sendInvitation' })}
              >
                {t('accountActions.resendInvitation')}
              </Button>
            </Stack>
          )}
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography data-testid="two-factor-state">
              {account.twoFactor.enabled && account.twoFactor.enabledAt
                ? t('accountActions.twoFactorOn', { enabledAt: new Date(account.twoFactor.enabledAt) })
                : t('accountActions.twoFactorOff')}{' '}
              {account.twoFactor.required && t('accountActions.twoFactorRequired')}
            </Typography>
            {account.twoFactor.enabled && !ownAccount && (
              <Button
                variant="outlined"
                color="warning"
                disabled={!canRun}
                loading={pending === 'resetTwoFactor' && !confirming}
                onClick={() => panel.send({ type: 'accountActions.ask', action: 'resetTwoFactor' })}
              >
                {t('accountActions.resetTwoFactor')}
              </Button>
            )}
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('accountActions.resetTwoFactorTitle')}
        text={t('accountActions.resetTwoFactorText', { name })}
        confirmLabel={t('accountActions.resetTwoFactor')}
        cancelLabel={t('dialog.cancel')}
        onConfirm={() => panel.send({ type: 'accountActions.confirm' })}
        onCancel={() => panel.send({ type: 'accountActions.cancel' })}
      />
    </Paper>
  );
}
