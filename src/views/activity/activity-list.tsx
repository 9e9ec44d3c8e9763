import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { ActivityEntry } from '../../domain/activity';
import type { ResourceName } from '../../domain/resource';
import { actorText, changedText } from '../history/HistoryPanel';
import type { ListConfig } from '../list/list-config';

/** Where a record of the audit log is edited; modules, items and sessions have no page of their own. */
const recordPaths: Readonly<Record<string, ResourceName>> = {
  company: 'companies',
  tenant: 'tenants',
  user: 'users',
  topic: 'topics',
  content: 'contents',
  'training plan': 'training-plans',
  quiz: 'quizzes',
  group: 'groups',
};

function When({ at }: { at: string }) {
  const { i18n } = useTranslation();
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(at));
}

export const entityLabel = (t: TFunction, entity: string) => t(`activity.entities.${entity}`, { defaultValue: entity });

/** The record's kind and name, leading to its edit page while it may still exist (not after its deletion). */
function RecordCell({ entry, t }: { entry: ActivityEntry; t: TFunction }) {
  const kind = entityLabel(t, entry.entity);
  const name = entry.entityName;
  const label = name ? t('activity.recordNamed', { kind, name }) : kind;
  const resource = recordPaths[entry.entity];
  if (!resource || !entry.entityId || entry.action === 'DELETE') return label;
  return (
    <Link component={RouterLink} href={`/${resource}/${entry.entityId}`}>
      {label}
    </Link>
  );
}

/** The Activity page's list: the audit log on the generic list view, read-only, newest first unless sorted. */
export const activityList: ListConfig<ActivityEntry> = {
  titleKey: 'pages.activity',
  allowedSorts: ['at', 'action', 'entity'],
  readOnly: true,
  deletable: false,
  // On a phone: what was done to which record, then who and when.
  phone: { primary: ['action', 'entity'], secondary: ['actor', 'at'] },
  columns: [
    // When and who are read whole at 1280 px: a date with its time, a name with its email and scope.
    { field: 'at', headerKey: 'history.when', sortBy: 'at', onPhone: true, minWidth: 200, render: (entry) => <When at={entry.at} /> },
    { field: 'actor', headerKey: 'history.who', flex: 2, minWidth: 280, render: (entry, t) => actorText(t, entry) },
    {
      field: 'action',
      headerKey: 'history.action',
      sortBy: 'action',
      onPhone: true,
      render: (entry, t) => t(`history.actions.${entry.action}`),
    },
    {
      field: 'entity',
      headerKey: 'activity.entity',
      sortBy: 'entity',
      flex: 1.5,
      minWidth: 180,
      render: (entry, t) => <RecordCell entry={entry} t={t} />,
    },
    { field: 'changed', headerKey: 'history.fields', flex: 1.5, minWidth: 160, render: (entry, t) => changedText(t, entry) },
    { field: 'tenant', headerKey: 'fields.tenant', text: (entry) => entry.tenant?.name ?? '' },
  ],
};
