import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LrsCredentialCreated } from '../../domain/delivery';
import type { StoredRecord } from '../../domain/resource';
import { useDeliveryMachines, type LrsCredentialRow } from '../actors';
import { CreateDialog } from '../dialogs/CreateDialog';
import type { FieldConfig } from '../form/form-config';
import type { ListConfig } from '../list/list-config';
import { ListToolbar } from '../list/ListToolbar';
import { ListBody } from '../list/ListView';
import type { ListActor } from '../list/list-actor';
import { PageTitle } from '../pages/PageTitle';
import { useListWithDialog } from './DeliveryPanel';

const when = (t: TFunction, value: string | null) => (value ? t('delivery.date', { date: new Date(value) }) : '—');

const credentialsList: ListConfig<LrsCredentialRow> = {
  titleKey: 'lrs.title',
  allowedSorts: [],
  columns: [
    { field: 'label', headerKey: 'lrs.label', onPhone: true },
    { field: 'key', headerKey: 'lrs.key', minWidth: 180, render: ({ key }) => <code>{key}</code> },
    {
      field: 'createdAt',
      headerKey: 'lrs.created',
      render: ({ createdAt, createdByName }, t) => `${when(t, createdAt)}${createdByName ? ` · ${createdByName}` : ''}`,
    },
    {
      field: 'lastUsedAt',
      headerKey: 'lrs.lastUsed',
      render: ({ lastUsedAt }, t) => (lastUsedAt ? when(t, lastUsedAt) : t('lrs.neverUsed')),
    },
    {
      field: 'state',
      headerKey: 'lrs.state',
      onPhone: true,
      render: ({ revokedAt }, t) => (revokedAt ? t('lrs.revokedOn', { date: new Date(revokedAt) }) : t('lrs.active')),
    },
  ],
  readOnly: true,
  deletable: true,
  deletedKey: 'lrs.revoked',
  deleteLabelKey: 'lrs.revoke',
  deleteConfirmKey: 'lrs.revokeConfirm',
  deleteWhen: { condition: { field: 'state', oneOf: ['ACTIVE'] }, blockedKey: 'lrs.alreadyRevoked' },
};

const newCredentialFields: FieldConfig[] = [
  { name: 'label', kind: 'text', labelKey: 'lrs.label', helperKey: 'lrs.labelHelp', rules: ['required'] },
];

const newCredentialMessages = { createdKey: 'lrs.createdNotice', updatedKey: 'lrs.createdNotice', createFailedKey: 'lrs.createFailed' };

/** Where a learner app sends its xAPI statements: this console's API, `…/api/xapi/`. */
export const lrsEndpoint = () => `${window.location.origin}/api/xapi/`;

/**
 * The Learning Record Store's page of a COMPANY admin (issue 27): the endpoint a learner app uses, the company's
 * credentials (revoked ones too) on the generic list, New credential (its key and secret shown once) and Revoke
 * (confirmed) as the list's Delete.
 */
export function LrsCredentialsPage() {
  const { t } = useTranslation();
  const { lrsCredentials } = useDeliveryMachines();
  const { list, opened, open, closed } = useListWithDialog(lrsCredentials.list, credentialsList.deletedKey!, credentialsList.deleteWhen);
  return (
    <>
      <PageTitle>{t('lrs.title')}</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('lrs.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <CopyableValue label={t('lrs.endpoint')} value={lrsEndpoint()} testId="lrs-endpoint" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('lrs.endpointHelp')}
        </Typography>
      </Paper>
      <ListToolbar
        list={list as ListActor}
        searchable={false}
        actions={
          <Button variant="contained" startIcon={<KeyIcon />} onClick={open}>
            {t('lrs.new')}
          </Button>
        }
      />
      <ListBody list={list} config={credentialsList} basePath="/lrs-credentials" />
      {opened > 0 && (
        <CreateDialog
          key={opened}
          machine={lrsCredentials.create}
          fields={newCredentialFields}
          messages={newCredentialMessages}
          titleKey="lrs.new"
          submitLabelKey="lrs.create"
          onClosed={closed}
          created={(record, done) => <NewCredential credential={record as StoredRecord & LrsCredentialCreated} onDone={done} />}
        />
      )}
    </>
  );
}

/** The new credential's key and secret, once: each to copy, and the warning that the secret will not be shown again. */
function NewCredential({ credential, onDone }: { credential: LrsCredentialCreated; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogContent>
        <Stack spacing={2} data-testid="lrs-new-credential">
          <Alert severity="warning">{t('lrs.secretOnce')}</Alert>
          <CopyableValue label={t('lrs.endpoint')} value={lrsEndpoint()} />
          <CopyableValue label={t('lrs.key')} value={credential.key} testId="lrs-key" />
          <CopyableValue label={t('lrs.secret')} value={credential.secret} testId="lrs-secret" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {t('lrs.secretKept')}
        </Button>
      </DialogActions>
    </>
  );
}

/** A value to copy (the endpoint, a key, a secret): its label, the value as code, and Copy that says when it copied. */
function CopyableValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="p">
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          component="code"
          aria-labelledby={labelId}
          data-testid={testId}
          sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: '0.95rem', wordBreak: 'break-all', flex: 1, minWidth: 0 }}
        >
          {value}
        </Box>
        <Button type="button" size="small" onClick={copy} aria-label={t('lrs.copy', { what: label })}>
          {t('twoFactor.copy')}
        </Button>
      </Stack>
      {copied && (
        <Typography variant="body2" role="status">
          {t('lrs.copied', { what: label })}
        </Typography>
      )}
    </Box>
  );
}
