import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { noticeText } from './notice-text';
import { selectNotifications } from '../../machines/notifications.machine';
import { useNotificationsActor } from '../actors';

/** Top-right, below the top bar, and beneath drawers, menus and dialogs so it never hides what the user opened. */
export function Notifications() {
  const actor = useNotificationsActor();
  const notifications = useSelector(actor, selectNotifications);
  const { t, i18n } = useTranslation();
  return (
    <Stack
      data-testid="notifications"
      spacing={1}
      sx={{
        position: 'fixed',
        top: { xs: 64, sm: 72 },
        right: 16,
        width: { xs: 'calc(100% - 32px)', sm: 380 },
        zIndex: (theme) => theme.zIndex.drawer - 1,
        pointerEvents: 'none',
      }}
    >
      {notifications.map(({ id, severity, ...notice }) => (
        <Alert
          key={id}
          severity={severity}
          variant="filled"
          elevation={6}
          closeText={t('app.close')}
          sx={{ pointerEvents: 'auto' }}
          onClose={() => actor.send({ type: 'notifications.dismiss', id })}
        >
          {noticeText(notice, t, i18n.exists)}
        </Alert>
      ))}
    </Stack>
  );
}
