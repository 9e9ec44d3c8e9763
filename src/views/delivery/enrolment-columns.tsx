import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { enrolmentStatuses, type EnrolmentStatus } from '../../domain/delivery';
import type { ListItem } from '../../machines/list.machine';
import type { ColumnConfig } from '../list/list-config';

const statusColors: Record<EnrolmentStatus, 'default' | 'info' | 'success' | 'error'> = {
  NOT_STARTED: 'default',
  IN_PROGRESS: 'info',
  COMPLETED: 'success',
  OVERDUE: 'error',
};

const day = (t: TFunction, value: string | null) => (value ? t('delivery.day', { date: new Date(value) }) : '—');

interface EnrolmentFields extends ListItem {
  status: EnrolmentStatus;
  progress: number;
  dueDate: string | null;
  lastActivityAt: string | null;
}

/** The columns of an enrolment wherever it is listed (a plan's learners, a learner's plans): status, progress, due, last activity. */
export function enrolmentColumns<Row extends EnrolmentFields>(): ColumnConfig<Row>[] {
  return [
    {
      field: 'status',
      headerKey: 'delivery.status',
      onPhone: true,
      render: ({ status }, t) => (
        <Chip size="small" variant="outlined" color={statusColors[status]} label={t(`delivery.enrolmentStatus.${status}`)} />
      ),
    },
    {
      field: 'progress',
      headerKey: 'delivery.progress',
      sortBy: 'progress',
      render: ({ progress }, t) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
          {/* A plain bar, not a progressbar: nothing is loading, and the percentage beside it says the number. */}
          <Box aria-hidden sx={{ flexGrow: 1, minWidth: 40, height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}>
            <Box sx={{ width: `${progress * 100}%`, height: '100%', bgcolor: 'primary.main' }} />
          </Box>
          <span>{t('delivery.percent', { value: progress })}</span>
        </Box>
      ),
    },
    { field: 'dueDate', headerKey: 'delivery.dueDate', sortBy: 'dueDate', render: ({ dueDate }, t) => day(t, dueDate) },
    {
      field: 'lastActivityAt',
      headerKey: 'delivery.lastActivity',
      sortBy: 'lastActivityAt',
      render: ({ lastActivityAt }, t) => day(t, lastActivityAt),
    },
  ];
}

/** The status filter of an enrolments list: All, or one status (another status starts another list). */
export function EnrolmentStatusFilter({
  status,
  onStatus,
}: {
  status: EnrolmentStatus | '';
  onStatus: (status: EnrolmentStatus | '') => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('delivery.statusFilter')}
      value={status}
      onChange={(event) => onStatus(event.target.value as EnrolmentStatus | '')}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('delivery.allStatuses')}</MenuItem>
      {enrolmentStatuses.map((value) => (
        <MenuItem key={value} value={value}>
          {t(`delivery.enrolmentStatus.${value}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
