import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
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

export type ListExportActor = ActorRefFrom<typeof listExportMachine>;

/** Search (unless `searchable` is false), refresh, and when given, the export and the Add button (leading to `addPath`). */
export function ListToolbar({
  list,
  addPath,
  exporter,
  actions,
  searchable = true,
}: {
  list: ListActor;
  addPath?: string | undefined;
  exporter?: ListExportActor | undefined;
  actions?: ReactNode;
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const searchText = useSelector(list, selectSearchText);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      {searchable && (
        <TextField
          label={t('list.search')}
          size="small"
          value={searchText}
          onChange={(event) => list.send({ type: 'list.search', text: event.target.value })}
          slotProps={{
            htmlInput: { maxLength: MAX_SEARCH_LENGTH },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flexGrow: 1, maxWidth: { sm: 360 } }}
        />
      )}
      <IconButton aria-label={t('list.refresh')} onClick={() => list.send({ type: 'list.refresh' })}>
        <RefreshIcon />
      </IconButton>
      {/* The users' list has four buttons here: on a phone they wrap rather than overflow. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexGrow: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {exporter && <ExportButton list={list} exporter={exporter} />}
        {actions}
        {addPath && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(addPath)}>
            {t('list.add')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** Downloads every row of the list as shown (search, sort, filters) as CSV, headed in the console's language. */
function ExportButton({ list, exporter }: { list: ListActor; exporter: ListExportActor }) {
  const { t, i18n } = useTranslation();
  const exporting = useSelector(exporter, selectIsExporting);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      loading={exporting}
      loadingPosition="start"
      onClick={() =>
        exporter.send({ type: 'listExport.start', request: { ...listRequestOf(list.getSnapshot()), language: i18n.language } })
      }
    >
      {exporting ? t('listExport.busy') : t('listExport.button')}
    </Button>
  );
}
