import CheckIcon from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';
import { itemTypes, trainingPlanStatuses, type TrainingPlanItem, type TrainingPlanModule } from '../../domain/training-plans';
import type { FormConfig } from '../form/form-config';
import type { OrderedTableConfig } from '../ordered/ordered-config';
import type { ResourceConfig } from './resource-config';
import { CellIcon } from '../list/CellContent';
import { listFields } from '../../domain/resource';
import { filterConfigs } from '../list/list-config';
import { withRequired } from './required-fields';

/** A plan, and its modules and items, are deleted only while the plan is a DRAFT. */
const whileDraft = { field: 'status', oneOf: ['DRAFT'] };

const deleteBlockedKey = 'trainingPlans.deleteNeedsDraft';

export const trainingPlansResource: ResourceConfig<'training-plans'> = {
  name: 'training-plans',
  list: {
    titleKey: 'pages.trainingPlans',
    allowedSorts: listFields['training-plans'].sorts,
    filters: filterConfigs(listFields['training-plans'].filters, { status: { labelKey: 'fields.status', valuesKey: 'planStatus' } }),
    phone: { primary: ['name'], secondary: ['status', 'createdAt'], status: ['freelyNavigable'] },
    columns: [
      { field: 'name', headerKey: 'fields.name', sortBy: 'name', onPhone: true },
      {
        field: 'status',
        headerKey: 'fields.status',
        width: 130,
        render: ({ status }, t) => (
          <Chip size="small" label={t(`planStatus.${status}`)} color={status === 'PUBLISHED' ? 'success' : 'default'} />
        ),
      },
      {
        field: 'freelyNavigable',
        headerKey: 'trainingPlans.freelyNavigable',
        width: 160,
        render: ({ freelyNavigable }, t) =>
          freelyNavigable && <CellIcon Icon={CheckIcon} color="success" label={t('trainingPlans.freelyNavigable')} />,
      },
      {
        field: 'createdAt',
        headerKey: 'trainingPlans.createdAt',
        sortBy: 'createdAt',
        width: 170,
        render: ({ createdAt }, t) => t('trainingPlans.date', { date: new Date(createdAt) }),
      },
    ],
    deletable: true,
    bulkActions: ['delete'],
    deletedKey: 'feedback.trainingPlanDeleted',
    deleteWhen: { condition: whileDraft, blockedKey: deleteBlockedKey },
  },
  form: {
    newTitleKey: 'pages.trainingPlanNew',
    editTitleKey: 'pages.trainingPlanEdit',
    loadErrorKey: 'loadingError.trainingPlan',
    createdKey: 'feedback.trainingPlanCreated',
    updatedKey: 'feedback.trainingPlanUpdated',
    createFailedKey: 'feedback.createFailed',
    updateFailedKey: 'feedback.updateFailed',
    stayAfterCreate: true,
    deletion: { when: whileDraft, blockedKey: deleteBlockedKey },
    deletedKey: 'feedback.trainingPlanDeleted',
    fields: () =>
      withRequired('training-plans', [
        { name: 'name', kind: 'text', labelKey: 'fields.name' },
        {
          name: 'status',
          kind: 'select',
          labelKey: 'fields.status',
          defaultValue: 'DRAFT',
          options: trainingPlanStatuses.map((value) => ({ value, labelKey: `planStatus.${value}` })),
        },
        { name: 'freelyNavigable', kind: 'switch', labelKey: 'trainingPlans.freelyNavigable', defaultValue: false },
      ]),
  },
};

export const modulesTable: OrderedTableConfig<TrainingPlanModule> = {
  titleKey: 'trainingPlans.modules',
  addLabelKey: 'trainingPlans.addModule',
  testId: 'modules-table',
  columns: [
    { field: 'title', headerKey: 'trainingPlans.title', onPhone: true },
    { field: 'order', headerKey: 'trainingPlans.order', width: 90 },
    { field: 'itemCount', headerKey: 'trainingPlans.itemCount', width: 90 },
  ],
  label: ({ title }) => title,
  deleteWhen: whileDraft,
  deleteBlockedKey,
  deletedKey: 'feedback.moduleDeleted',
};

export const moduleForm: FormConfig = {
  newTitleKey: 'pages.moduleNew',
  editTitleKey: 'pages.moduleEdit',
  loadErrorKey: 'loadingError.module',
  createdKey: 'feedback.moduleCreated',
  updatedKey: 'feedback.moduleUpdated',
  createFailedKey: 'feedback.createFailed',
  updateFailedKey: 'feedback.updateFailed',
  fields: () => withRequired('training-plan-modules', [{ name: 'title', kind: 'text', labelKey: 'trainingPlans.title' }]),
};

export const itemsTable: OrderedTableConfig<TrainingPlanItem> = {
  titleKey: 'trainingPlans.items',
  addLabelKey: 'trainingPlans.addItem',
  testId: 'items-table',
  columns: [
    { field: 'title', headerKey: 'trainingPlans.title', onPhone: true },
    { field: 'order', headerKey: 'trainingPlans.order', width: 90 },
    {
      field: 'type',
      headerKey: 'trainingPlans.type',
      width: 120,
      render: ({ type }, t) => (
        <Chip size="small" variant="outlined" label={t(`itemType.${type}`)} color={type === 'QUIZ' ? 'secondary' : 'primary'} />
      ),
    },
  ],
  label: ({ title }) => title,
  deleteWhen: whileDraft,
  deleteBlockedKey,
  deletedKey: 'feedback.itemDeleted',
};

export const itemForm: FormConfig = {
  newTitleKey: 'pages.itemNew',
  editTitleKey: 'pages.itemEdit',
  loadErrorKey: 'loadingError.item',
  createdKey: 'feedback.itemCreated',
  updatedKey: 'feedback.itemUpdated',
  createFailedKey: 'feedback.createFailed',
  updateFailedKey: 'feedback.updateFailed',
  fields: () =>
    withRequired('training-plan-items', [
      { name: 'title', kind: 'text', labelKey: 'trainingPlans.title' },
      {
        name: 'type',
        kind: 'select',
        labelKey: 'trainingPlans.type',
        defaultValue: 'CONTENT',
        options: itemTypes.map((value) => ({ value, labelKey: `itemType.${value}` })),
      },
      {
        name: 'content',
        kind: 'reference',
        labelKey: 'trainingPlans.content',
        labelField: 'title',
        omitWhenEmpty: true,
        reference: { resource: 'contents' },
        showWhen: { field: 'type', oneOf: ['CONTENT'] },
      },
      {
        name: 'quiz',
        kind: 'reference',
        labelKey: 'trainingPlans.quiz',
        labelField: 'title',
        omitWhenEmpty: true,
        reference: { resource: 'quizzes' },
        showWhen: { field: 'type', oneOf: ['QUIZ'] },
      },
    ]),
};
