import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { MAX_SEARCH_LENGTH } from '../../machines/list-query';
import { listRequestOf, selectSearchText } from '../../machines/list.machine';
import { selectIsExporting, type listExportMachine } from '../../machines/list-export.machine';
import type { ActorRefFrom } from 'xstate';
import type { ListActor } from './list-actor';
import { SavedViewsMenu } from './SavedViewsMenu';
import { ToolbarButton } from './ToolbarButton';
import { usePhone } from './use-phone';

export type ListExportActor = ActorRefFrom<typeof listExportMachine>;

/**
 * Search (unless `searchable` is false), refresh, the saved views of a list that has its own address (`savedViews`),
 * and when given, the export and the Add button (leading to `addPath`).
 */
export function ListToolbar({
  list,
  addPath,
  exporter,
  actions,
  searchable = true,
  filterButton,
  savedViews = false,
}: {
  list: ListActor;
  addPath?: string | undefined;
  exporter?: ListExportActor | undefined;
  actions?: ReactNode;
  searchable?: boolean;
  /** The Filters button of a list with filters (`ListFilters.tsx`), beside Refresh. */
  filterButton?: ReactNode;
  savedViews?: boolean;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const searchText = useSelector(list, selectSearchText);
  // On a phone the toolbar is one row: the search takes what its buttons (icons there) leave.
  const phone = usePhone();
  return (
    <Stack data-testid="list-toolbar" direction="row" spacing={phone ? 0.5 : 1} sx={{ mb: 2, alignItems: 'center' }}>
      {searchable && (
        <TextField
          label={t('list.search')}
          size="small"
          value={searchText}
          onChange={(event) => list.send({ type: 'list.search', text: event.target.value })}
          slotProps={{
            htmlInput: { maxLength: MAX_SEARCH_LENGTH },
            input: {
              startAdornment: !phone && (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flexGrow: 1, minWidth: 0, maxWidth: { sm: 360 } }}
        />
      )}
      <IconButton aria-label={t('list.refresh')} size={phone ? 'small' : 'medium'} onClick={() => list.send({ type: 'list.refresh' })}>
        <RefreshIcon />
      </IconButton>
      {filterButton}
      {/* The users' list has four buttons here: on a phone icons, on one row with the search; wider, they wrap rather than overflow. */}
      <Stack
        direction="row"
        spacing={phone ? 0.5 : 1}
        useFlexGap
        sx={{
          flexGrow: 1,
          justifyContent: 'flex-end',
          alignItems: 'center',
          flexWrap: phone ? 'nowrap' : 'wrap',
          '& .MuiButton-root': { whiteSpace: 'nowrap' },
        }}
      >
        {savedViews && <SavedViewsMenu />}
        {exporter && <ExportButton list={list} exporter={exporter} />}
        {actions}
        {addPath && <ToolbarButton variant="contained" icon={<AddIcon />} label={t('list.add')} onClick={() => navigate(addPath)} />}
      </Stack>
    </Stack>
  );
}

/** Downloads every row of the list as shown (search, sort, filters) as CSV, headed in the console's language. */
function ExportButton({ list, exporter }: { list: ListActor; exporter: ListExportActor }) {
  const { t, i18n } = useTranslation();
  const exporting = useSelector(exporter, selectIsExporting);
  return (
    <ToolbarButton
      icon={<DownloadIcon />}
      loading={exporting}
      label={exporting ? t('listExport.busy') : t('listExport.button')}
      onClick={() =>
        exporter.send({ type: 'listExport.start', request: { ...listRequestOf(list.getSnapshot()), language: i18n.language } })
      }
    />
  );
}
