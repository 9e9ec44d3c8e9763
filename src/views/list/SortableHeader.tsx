import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectQuery } from '../../machines/list.machine';
import type { ListActor } from './list-actor';

const buttons = [
  { order: 'asc', labelKey: 'list.sortAscending', Icon: ArrowUpwardIcon },
  { order: 'desc', labelKey: 'list.sortDescending', Icon: ArrowDownwardIcon },
] as const;

/** A column title with its two sort buttons; the one of the list's current sort is pressed. */
export function SortableHeader({ list, label, sortBy }: { list: ListActor; label: string; sortBy: string }) {
  const { t } = useTranslation();
  const query = useSelector(list, selectQuery);
  const active = query.sortBy === sortBy ? query.sortOrder : null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 0 }}>
      <Box component="span" sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', mr: 0.5 }}>
        {label}
      </Box>
      {buttons.map(({ order, labelKey, Icon }) => (
        <IconButton
          key={order}
          size="small"
          aria-label={t(labelKey, { column: label })}
          aria-pressed={active === order}
          color={active === order ? 'primary' : 'default'}
          onClick={() => list.send({ type: 'list.sort', sortBy, sortOrder: order })}
        >
          <Icon fontSize="inherit" />
        </IconButton>
      ))}
    </Box>
  );
}
