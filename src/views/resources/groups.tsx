import { lazyView } from '../lazy-view';
import type { ResourceConfig } from './resource-config';
import { listFields } from '../../domain/resource';
import { withRequired } from './required-fields';

/** A group's members panel (with the add dialog, on the record form's code): fetched with a group's page. */
const GroupMembers = lazyView(() => import('../delivery/GroupMembers').then((module) => module.GroupMembers));

const groupFields = withRequired('groups', [
  { name: 'name', kind: 'text', labelKey: 'fields.name' },
  { name: 'description', kind: 'text', labelKey: 'fields.description', multiline: true },
]);

/** A company's groups of users (issue 27): name and description; a saved group's page lists and changes its members. */
export const groupsResource: ResourceConfig<'groups'> = {
  name: 'groups',
  list: {
    titleKey: 'pages.groups',
    allowedSorts: listFields.groups.sorts,
    phone: { primary: ['name'], secondary: ['description'] },
    columns: [
      { field: 'name', headerKey: 'fields.name', sortBy: 'name', onPhone: true },
      { field: 'description', headerKey: 'fields.description', text: ({ description }) => description ?? '' },
      { field: 'memberCount', headerKey: 'delivery.memberCount', width: 120, text: ({ memberCount }) => String(memberCount) },
    ],
    deletable: true,
    bulkActions: ['delete'],
    deletedKey: 'feedback.groupDeleted',
  },
  form: {
    newTitleKey: 'pages.groupNew',
    editTitleKey: 'pages.groupEdit',
    loadErrorKey: 'loadingError.group',
    createdKey: 'feedback.groupCreated',
    updatedKey: 'feedback.groupUpdated',
    createFailedKey: 'feedback.createFailed',
    updateFailedKey: 'feedback.updateFailed',
    stayAfterCreate: true,
    fields: () => groupFields,
    Extra: GroupMembers,
  },
};
