import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityPolicy } from '../../domain/account-security';
import { selectActionsData, selectActionsLoadFailed } from '../../machines/account-actions.machine';
import { selectRecord } from '../../machines/form.machine';
import { fieldOf } from '../../machines/form-fields';
import { selectAssumedBy, selectSessionState } from '../../machines/session.machine';
import { useAccountMachines, useConsoleActorRef, useSessionActor } from '../actors';
import type { FormActor } from '../form/form-actor';
import { ActionAlert } from '../pages/ActionAlert';
import { LoadingLine } from '../pages/LoadingLine';

/** Only a GLOBAL admin, signed in as such (not assuming a tenant), sets who must use two-factor sign-in. */
function useMaySetPolicy() {
  const session = useSelector(useSessionActor(), selectSessionState);
  const assumedBy = useSelector(useSessionActor(), selectAssumedBy);
  return session?.user.scope === 'GLOBAL' && !assumedBy;
}

/** Below a tenant's form: whether its admins must sign in with a second factor (GLOBAL admins only). */
export function TenantSecurityPanel({ form }: { form: FormActor }) {
  const record = useSelector(form, selectRecord);
  const id = fieldOf(record, 'id');
  if (!useMaySetPolicy() || typeof id !== 'string') return null;
  return (
    <PolicySwitch
      key={id}
      which="tenantPolicy"
      subject={id}
      titleKey="accountActions.securityTitle"
      helpKey="accountActions.tenantPolicyHelp"
    />
  );
}

/** The platform's policy for GLOBAL admins, where a GLOBAL admin manages the tenants. */
export function PlatformSecurityPanel() {
  if (!useMaySetPolicy()) return null;
  return (
    <PolicySwitch
      which="platformPolicy"
      subject=""
      titleKey="accountActions.platformPolicyTitle"
      helpKey="accountActions.platformPolicyHelp"
    />
  );
}

function PolicySwitch({
  which,
  subject,
  titleKey,
  helpKey,
}: {
  which: 'tenantPolicy' | 'platformPolicy';
  subject: string;
  titleKey: string;
  helpKey: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const helpId = useId();
  const panel = useConsoleActorRef(useAccountMachines()[which], {
    input: { subject, doneKeys: { requireTwoFactor: 'accountActions.policySaved' }, failedKey: 'accountActions.failed' },
  });
  const policy = useSelector(panel, selectActionsData) as SecurityPolicy | null;
  const loadFailed = useSelector(panel, selectActionsLoadFailed);
  const canRun = useSelector(panel, (snapshot) => snapshot.can({ type: 'accountActions.run', action: 'requireTwoFactor' }));
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 }, mt: 3 }} data-testid={`security-policy-${which}`}>
      <Typography variant="h6" component="h2" id={titleId} gutterBottom>
        {t(titleKey)}
      </Typography>
      {loadFailed ? (
        <ActionAlert actionLabel={t('accountActions.retry')} onAction={() => panel.send({ type: 'accountActions.retry' })}>
          {t('accountActions.policyLoadFailed')}
        </ActionAlert>
      ) : !policy ? (
        <LoadingLine />
      ) : (
        <>
          <FormControlLabel
            control={
              <Switch
                name="requireTwoFactor"
                checked={policy.requireTwoFactor}
                disabled={!canRun}
                slotProps={{ input: { 'aria-describedby': helpId } }}
                onChange={(event) => panel.send({ type: 'accountActions.run', action: 'requireTwoFactor', value: event.target.checked })}
              />
            }
            label={t('accountActions.requireTwoFactorLabel')}
          />
          <FormHelperText id={helpId}>{t(helpKey)}</FormHelperText>
        </>
      )}
    </Paper>
  );
}
