import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { selectNotifications } from '../../machines/notifications.machine';
import { useNotificationsActor } from '../actors';
import { lazyView } from '../lazy-view';
import './notifications.css';

/**
 * MUI's alerts come with the first notification (a chunk of their own, usually there already: the signed-in
 * screens use MUI, and the sign-in page fetches it as soon as the user starts filling the form in).
 */
export const NotificationAlerts = lazyView(() => import('./NotificationAlerts').then((module) => module.NotificationAlerts));

/** Top-right, below the top bar, and beneath drawers, menus and dialogs so it never hides what the user opened. */
export function Notifications() {
  const notifications = useSelector(useNotificationsActor(), selectNotifications);
  return (
    <div data-testid="notifications" className="console-notifications">
      {notifications.length > 0 && (
        // Offline, MUI's alerts may not come: the texts still show, plainly.
        <ErrorBoundary fallback={<PlainAlerts />} resetKeys={[notifications.length]}>
          <Suspense fallback={null}>
            <NotificationAlerts />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}

function PlainAlerts() {
  const notifications = useSelector(useNotificationsActor(), selectNotifications);
  const { t } = useTranslation();
  return notifications.map(({ id, messageKey, values, message }) => (
    <div key={id} role="alert" className="console-notification-plain">
      {message ?? t(messageKey, values)}
    </div>
  ));
}
