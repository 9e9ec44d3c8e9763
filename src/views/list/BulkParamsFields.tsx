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

/** The record each reference a bulk action takes is picked among: any group; a published plan. */
const references = [
  { name: 'groupId', resource: 'groups', filters: {}, labelKey: 'bulk.params.group' },
  { name: 'planId', resource: 'training-plans', filters: { status: 'PUBLISHED' }, labelKey: 'bulk.params.plan' },
] as const;

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
  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: { sm: 360 } }}>
      {references
        .filter(({ name }) => taken.includes(name))
        .map(({ name, resource, filters, labelKey }) => (
          <ReferenceField
            key={name}
            resource={resource}
            filters={filters}
            label={t(labelKey)}
            required
            value={picked}
            disabled={disabled}
            onChange={(value) => {
              setPicked(value);
              list.send({ type: 'list.bulkParams', params: { [name]: value?.id ?? '' } });
            }}
          />
        ))}
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
