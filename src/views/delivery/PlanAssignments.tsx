import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentTargets, type PlanAssignment } from '../../domain/delivery';
import { useDeliveryMachines } from '../actors';
import { CreateDialog } from '../dialogs/CreateDialog';
import type { FieldConfig } from '../form/form-config';
import type { ListConfig } from '../list/list-config';
import { DeliveryPanel, useListWithDialog } from './DeliveryPanel';
import { personLabel } from './GroupMembers';

const assignmentsList: ListConfig<PlanAssignment> = {
  titleKey: 'delivery.assignments',
  allowedSorts: [],
  columns: [
    {
      field: 'targetName',
      headerKey: 'delivery.assignedTo',
      onPhone: true,
      render: ({ target, targetName }, t) =>
        target === 'COMPANY' ? t('delivery.targets.COMPANY') : `${targetName ?? ''} (${t(`delivery.targets.${target}`)})`,
    },
    {
      field: 'dueDate',
      headerKey: 'delivery.dueDate',
      render: ({ dueDate }, t) => (dueDate ? t('delivery.day', { date: new Date(dueDate) }) : t('delivery.noDueDate')),
    },
    { field: 'learnerCount', headerKey: 'delivery.learnerCount', width: 110, text: ({ learnerCount }) => String(learnerCount) },
    {
      field: 'createdAt',
      headerKey: 'delivery.assignedAt',
      render: ({ createdAt }, t) => t('delivery.date', { date: new Date(createdAt) }),
    },
  ],
  readOnly: true,
  deletable: true,
  deletedKey: 'delivery.assignmentRemoved',
};

/** The assign dialog: to users, to groups or to the whole company, with an optional due date (a day). */
export const assignFields: FieldConfig[] = [
  {
    name: 'target',
    kind: 'select',
    labelKey: 'delivery.target',
    rules: ['required'],
    defaultValue: 'USER',
    options: assignmentTargets.map((value) => ({ value, labelKey: `delivery.targets.${value}` })),
  },
  {
    name: 'users',
    kind: 'references',
    labelKey: 'delivery.users',
    rules: ['required'],
    wireName: 'userIds',
    showWhen: { field: 'target', oneOf: ['USER'] },
    reference: { resource: 'users', optionLabel: personLabel },
  },
  {
    name: 'groups',
    kind: 'references',
    labelKey: 'delivery.groups',
    rules: ['required'],
    wireName: 'groupIds',
    showWhen: { field: 'target', oneOf: ['GROUP'] },
    reference: { resource: 'groups' },
  },
  { name: 'dueDate', kind: 'date', labelKey: 'delivery.dueDate', helperKey: 'delivery.dueDateHelp' },
];

const assignMessages = { createdKey: 'delivery.assigned', updatedKey: 'delivery.assigned', createFailedKey: 'delivery.assignFailed' };

/**
 * Below a saved plan: its assignments (to whom, the due date, the learners reached, when), each removable after the
 * confirmation, and Assign while the plan is PUBLISHED (a DRAFT plan says to publish it first).
 */
export function PlanAssignments({ planId, published }: { planId: string; published: boolean }) {
  const { t } = useTranslation();
  const { assignments } = useDeliveryMachines();
  const machines = useMemo(() => assignments(planId), [assignments, planId]);
  const { list, opened, open, closed } = useListWithDialog(machines.list, assignmentsList.deletedKey!);
  return (
    <>
      <DeliveryPanel
        list={list}
        config={assignmentsList}
        basePath={`/training-plans/${planId}`}
        searchable={false}
        actions={
          published ? (
            <Button variant="contained" startIcon={<AssignmentIndIcon />} onClick={open}>
              {t('delivery.assign')}
            </Button>
          ) : (
            <Typography color="text.secondary">{t('delivery.assignNeedsPublished')}</Typography>
          )
        }
      />
      {opened > 0 && (
        <CreateDialog
          key={opened}
          machine={machines.assign}
          fields={assignFields}
          messages={assignMessages}
          titleKey="delivery.assignTitle"
          submitLabelKey="delivery.assign"
          onClosed={closed}
        />
      )}
    </>
  );
}
