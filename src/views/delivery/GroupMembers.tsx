import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../domain/resource';
import { selectRecord } from '../../machines/form.machine';
import { useDeliveryMachines, type GroupMemberRow } from '../actors';
import { CreateDialog } from '../dialogs/CreateDialog';
import type { FormActor } from '../form/form-actor';
import type { FieldConfig } from '../form/form-config';
import type { ListConfig } from '../list/list-config';
import { DeliveryPanel, useListWithDialog } from './DeliveryPanel';

/** A user as the pickers name it: name, surname and email. */
export const personLabel = (record: object) => {
  const { name = '', surname = '', email = '' } = record as Partial<Pick<User, 'name' | 'surname' | 'email'>>;
  return `${[name, surname].filter(Boolean).join(' ')}${email ? ` (${email})` : ''}`;
};

const membersList: ListConfig<GroupMemberRow> = {
  titleKey: 'delivery.members',
  allowedSorts: [],
  columns: [
    { field: 'learner', headerKey: 'delivery.learner', onPhone: true, text: ({ name, surname }) => `${name} ${surname}` },
    { field: 'email', headerKey: 'delivery.email' },
    { field: 'addedAt', headerKey: 'delivery.addedAt', render: ({ addedAt }, t) => t('delivery.date', { date: new Date(addedAt) }) },
  ],
  readOnly: true,
  deletable: true,
  deletedKey: 'delivery.memberRemoved',
};

const addMemberFields: FieldConfig[] = [
  {
    name: 'users',
    kind: 'references',
    labelKey: 'delivery.usersToAdd',
    rules: ['required'],
    wireName: 'userIds',
    reference: { resource: 'users', optionLabel: personLabel },
  },
];

const addMemberMessages = {
  createdKey: 'delivery.membersAdded',
  updatedKey: 'delivery.membersAdded',
  createFailedKey: 'delivery.addFailed',
};

/** Below a saved group: its members, a page at a time, searched; Add members (a user picker) and Delete (confirmed). */
export function GroupMembers({ form }: { form: FormActor }) {
  const groupId = useSelector(form, selectRecord)?.id;
  return groupId ? <MembersOf groupId={groupId} /> : null;
}

function MembersOf({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const { members } = useDeliveryMachines();
  const machines = useMemo(() => members(groupId), [members, groupId]);
  const { list, opened, open, closed } = useListWithDialog(machines.list, membersList.deletedKey!);
  return (
    <>
      <DeliveryPanel
        list={list}
        config={membersList}
        basePath={`/groups/${groupId}`}
        actions={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={open}>
            {t('delivery.addMembers')}
          </Button>
        }
      />
      {opened > 0 && (
        <CreateDialog
          key={opened}
          machine={machines.add}
          fields={addMemberFields}
          messages={addMemberMessages}
          titleKey="delivery.addMembers"
          submitLabelKey="delivery.add"
          onClosed={closed}
        />
      )}
    </>
  );
}
