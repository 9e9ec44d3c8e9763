import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { topicStatuses } from '../../domain/catalogue';
import type { ResourceConfig } from './resource-config';
import { listFields } from '../../domain/resource';
import { filterConfigs } from '../list/list-config';
import { withRequired } from './required-fields';

const topicFields = withRequired('topics', [
  { name: 'name', kind: 'text', labelKey: 'fields.name' },
  { name: 'color', kind: 'color', labelKey: 'fields.color', rules: ['hexColor'], defaultValue: '#000000', upperCase: true },
  {
    name: 'status',
    kind: 'select',
    labelKey: 'fields.status',
    defaultValue: 'PENDING',
    options: topicStatuses.map((value) => ({ value, labelKey: `topicStatus.${value}` })),
  },
]);

export const topicsResource: ResourceConfig<'topics'> = {
  name: 'topics',
  list: {
    titleKey: 'pages.topics',
    allowedSorts: listFields.topics.sorts,
    filters: filterConfigs(listFields.topics.filters, { status: { labelKey: 'fields.status', valuesKey: 'topicStatus' } }),
    phone: { primary: ['name'], secondary: ['status', 'color'] },
    columns: [
      { field: 'name', headerKey: 'fields.name', sortBy: 'name', onPhone: true },
      {
        field: 'color',
        headerKey: 'fields.color',
        width: 150,
        render: ({ color }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box aria-hidden sx={{ width: 20, height: 20, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: color }} />
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {color}
            </Box>
          </Box>
        ),
      },
      {
        field: 'status',
        headerKey: 'fields.status',
        sortBy: 'status',
        render: ({ status }, t) => (
          <Chip size="small" label={t(`topicStatus.${status}`)} color={status === 'ACTIVE' ? 'success' : 'default'} variant="outlined" />
        ),
      },
    ],
    deletable: true,
    bulkActions: ['delete'],
    deletedKey: 'feedback.topicDeleted',
  },
  form: {
    newTitleKey: 'pages.topicNew',
    editTitleKey: 'pages.topicEdit',
    loadErrorKey: 'loadingError.topic',
    createdKey: 'feedback.topicCreated',
    updatedKey: 'feedback.topicUpdated',
    createFailedKey: 'feedback.createFailed',
    updateFailedKey: 'feedback.updateFailed',
    stayAfterCreate: true,
    fields: () => topicFields,
  },
};
