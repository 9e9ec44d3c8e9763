import Alert from '@mui/material/Alert';
import { ThemeProvider } from '@mui/material/styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectNotifications } from '../../machines/notifications.machine';
import { useNotificationsActor } from '../actors';
import { theme } from '../theme';

/** The open notifications, oldest first, each closable (MUI's alerts: a chunk of its own, see Notifications). */
export function NotificationAlerts() {
  const actor = useNotificationsActor();
  const notifications = useSelector(actor, selectNotifications);
  const { t } = useTranslation();
  return (
    <ThemeProvider theme={theme}>
      {notifications.map(({ id, severity, messageKey, values, message }) => (
        <Alert
          key={id}
          severity={severity}
          variant="filled"
          elevation={6}
          closeText={t('app.close')}
          sx={{ pointerEvents: 'auto' }}
          onClose={() => actor.send({ type: 'notifications.dismiss', id })}
        >
          {message ?? t(messageKey, values)}
        </Alert>
      ))}
    </ThemeProvider>
  );
}
