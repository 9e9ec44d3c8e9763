import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkParamsOf, type BulkActionName } from '../../domain/bulk';
import type { NamedRef } from '../../domain/session';
import { selectBulkParams } from '../../machines/list.machine';
import { ReferenceField } from '../form/ReferenceField';
import type { ListActor } from './list-actor';

const publishedOnly = { status: 'PUBLISHED' };
const anyGroup = {};

/**
 * What a bulk action takes beside its rows, picked in its confirmation (issue 29): the group the users join; the
 * published plan they are assigned and an optional due date (a day). Each pick goes to the list machine, which
 * enables Confirm once the action has what it needs and sends them; nothing for the actions that take none.
 */
export function BulkParamsFields({ list, action, disabled }: { list: ListActor; action: BulkActionName; disabled: boolean }) {
  const { t } = useTranslation();
  const params = useSelector(list, selectBulkParams);
  // The picked record's name, for the field to show; the machine holds its id.
  const [picked, setPicked] = useState<NamedRef | null>(null);
  const taken = bulkParamsOf(action);
  if (taken.length === 0) return null;
  const pick = (name: 'groupId' | 'planId') => (value: NamedRef | null) => {
    setPicked(value);
    list.send({ type: 'list.bulkParams', params: { [name]: value?.id ?? '' } });
  };
  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: { sm: 360 } }}>
      {taken.includes('groupId') && (
        <ReferenceField
          resource="groups"
          filters={anyGroup}
          label={t('bulk.params.group')}
          required
          value={picked}
          disabled={disabled}
          onChange={pick('groupId')}
        />
      )}
      {taken.includes('planId') && (
        <ReferenceField
          resource="training-plans"
          filters={publishedOnly}
          label={t('bulk.params.plan')}
          required
          value={picked}
          disabled={disabled}
          onChange={pick('planId')}
        />
      )}
      {taken.includes('dueDate') && (
        <TextField
          type="date"
          label={t('delivery.dueDate')}
          helperText={t('delivery.dueDateHelp')}
          value={params.dueDate ?? ''}
          disabled={disabled}
          onChange={(event) => list.send({ type: 'list.bulkParams', params: { dueDate: event.target.value } })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    </Stack>
  );
}
