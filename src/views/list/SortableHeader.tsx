import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selectQuery } from '../../machines/list.machine';
import type { ListActor } from './list-actor';

const buttons = [
  { order: 'asc', labelKey: 'list.sortAscending', Icon: ArrowUpwardIcon },
  { order: 'desc', labelKey: 'list.sortDescending', Icon: ArrowDownwardIcon },
] as const;

/**
 * Inside a header (ARIA grid pattern: the grid is one tab stop, its cells are reached with the arrow keys): the arrow
 * keys move between the sort buttons, Escape goes back to the header cell. Enter on the header brings focus in
 * (see {@link enterHeaderWidgets}).
 */
function moveBetweenButtons(event: KeyboardEvent<HTMLElement>) {
  const buttons = [...event.currentTarget.querySelectorAll('button')];
  const at = buttons.findIndex((button) => button === event.target);
  if (at < 0) return;
  const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (step === undefined && event.key !== 'Escape') return;
  event.preventDefault();
  event.stopPropagation();
  if (step === undefined) event.currentTarget.closest<HTMLElement>('[role="columnheader"]')?.focus();
  else buttons[(at + step + buttons.length) % buttons.length]?.focus();
}

/** For the grid's `columnHeaderKeyDown` event: Enter on a header cell moves focus to its first button (a sort button). */
export function enterHeaderWidgets(_params: unknown, event: KeyboardEvent<HTMLElement>) {
  const header = event.target as HTMLElement;
  if (event.key !== 'Enter' || header.getAttribute('role') !== 'columnheader') return;
  const button = header.querySelector('button');
  if (!button) return;
  event.preventDefault();
  button.focus();
}

/**
 * A column title with its two sort buttons; the one of the list's current sort is pressed. The buttons are out of
 * the tab order, as every widget inside a grid: the header cell is the stop (Enter, then the arrows, reach them).
 */
export function SortableHeader({ list, label, sortBy }: { list: ListActor; label: string; sortBy: string }) {
  const { t } = useTranslation();
  const query = useSelector(list, selectQuery);
  const active = query.sortBy === sortBy ? query.sortOrder : null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 0 }} onKeyDown={moveBetweenButtons}>
      <Box component="span" sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', mr: 0.5 }}>
        {label}
      </Box>
      {buttons.map(({ order, labelKey, Icon }) => (
        <IconButton
          key={order}
          size="small"
          tabIndex={-1}
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
