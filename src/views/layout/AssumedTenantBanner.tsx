import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectAssumedBy, selectCanReturnToRoot, selectSessionState } from '../../machines/session.machine';
import { useSessionActor } from '../actors';
import { ActionAlert } from '../pages/ActionAlert';

/** While a GLOBAL admin acts in a tenant: which one, and the way back to the root session. */
export function AssumedTenantBanner() {
  const session = useSessionActor();
  const { t } = useTranslation();
  const assumedBy = useSelector(session, selectAssumedBy);
  const tenant = useSelector(session, selectSessionState)?.tenant;
  const canReturn = useSelector(session, selectCanReturnToRoot);
  if (!assumedBy) return null;
  return (
    <ActionAlert
      data-testid="assumed-tenant-banner"
      severity="info"
      sx={{ mb: 2 }}
      actionLabel={t('assumedTenant.backToRoot')}
      actionDisabled={!canReturn}
      onAction={() => session.send({ type: 'session.returnToRoot' })}
    >
      {t('assumedTenant.banner', { tenant: tenant?.name ?? '', name: assumedBy.name })}
    </ActionAlert>
  );
}
