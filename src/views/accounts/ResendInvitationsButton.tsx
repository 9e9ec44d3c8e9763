import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkInvitationResult } from '../../domain/account-security';
import type { ResourceRecords } from '../../domain/resource';

type UserRecord = ResourceRecords['users'];
import { selectActionsBusy, selectActionsResult } from '../../machines/account-actions.machine';
import { selectItems } from '../../machines/list.machine';
import { useAccountMachines, useConsoleActorRef } from '../actors';
import type { ListActor } from '../list/list-actor';
import { ToolbarButton } from '../list/ToolbarButton';
import { apiErrorText } from '../notifications/notice-text';

const outcomeColors = { sent: 'success', skipped: 'warning', failed: 'error' } as const;

/**
 * "Resend invitations" on the users list (issue 30): the users of the page shown who wait for a password (PENDING),
 * all chosen to start with; the invitations go in one request, and the dialog then says, user by user, whether theirs
 * was sent, skipped (and why) or failed.
 */
export function ResendInvitationsButton({ list }: { list: ListActor<UserRecord> }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(0);
  return (
    <>
      <ToolbarButton icon={<SendIcon />} label={t('accountActions.bulkButton')} onClick={() => setOpened((count) => count + 1)} />
      {opened > 0 && <ResendInvitationsDialog key={opened} list={list} onClose={() => setOpened(0)} />}
    </>
  );
}

function ResendInvitationsDialog({ list, onClose }: { list: ListActor<UserRecord>; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const items = useSelector(list, selectItems) as readonly UserRecord[];
  const [pending] = useState(() => items.filter((user) => user.status === 'PENDING'));
  const [chosen, setChosen] = useState(() => new Set(pending.map(({ id }) => id)));
  const panel = useConsoleActorRef(useAccountMachines().invitations, {
    input: { subject: '', doneKeys: { sendInvitations: 'accountActions.bulkDone' }, failedKey: 'accountActions.failed' },
  });
  const busy = useSelector(panel, selectActionsBusy);
  const result = useSelector(panel, selectActionsResult) as BulkInvitationResult | null;
  const outcomes = new Map(result?.results.map((row) => [row.id, row]) ?? []);
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const send = () => panel.send({ type: 'accountActions.run', action: 'sendInvitations', value: [...chosen] });
  const exists = (key: string) => i18n.exists(key);

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('accountActions.bulkTitle')}</DialogTitle>
      <DialogContent>
        {pending.length === 0 ? (
          <Alert severity="info">{t('accountActions.bulkNone')}</Alert>
        ) : (
          <>
            <DialogContentText>{t('accountActions.bulkHelp')}</DialogContentText>
            <List dense data-testid="bulk-invitations">
              {pending.map((user) => {
                const outcome = outcomes.get(user.id);
                const labelId = `${titleId}-${user.id}`;
                const reason = outcome?.code && (apiErrorText(outcome.code, undefined, t, exists) ?? outcome.message ?? outcome.code);
                return (
                  <ListItem key={user.id} disableGutters>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Checkbox
                        edge="start"
                        checked={chosen.has(user.id)}
                        disabled={busy || result !== null}
                        onChange={() => toggle(user.id)}
                        slotProps={{ input: { 'aria-labelledby': labelId } }}
                      />
                    </ListItemIcon>
                    <ListItemText
                      id={labelId}
                      primary={`${user.name} ${user.surname}`}
                      secondary={reason ? `${user.email} — ${reason}` : user.email}
                      sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                    />
                    {outcome && (
                      <Chip
                        size="small"
                        color={outcomeColors[outcome.outcome]}
                        label={t(`accountActions.outcome.${outcome.outcome}`)}
                        data-testid={`outcome-${user.id}`}
                        sx={{ ml: 1 }}
                      />
                    )}
                  </ListItem>
                );
              })}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('accountActions.close')}
        </Button>
        {result === null && pending.length > 0 && (
          <Button variant="contained" onClick={send} disabled={busy || chosen.size === 0} loading={busy}>
            {t('accountActions.bulkSend', { count: chosen.size })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
