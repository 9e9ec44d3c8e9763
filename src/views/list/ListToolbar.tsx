import AddIcon from '@mui/icons-material/Add';
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
import { selectSearchText } from '../../machines/list.machine';
import type { ListActor } from './list-actor';

export function ListToolbar({ list, addPath, actions }: { list: ListActor; addPath: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const searchText = useSelector(list, selectSearchText);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
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
      <IconButton aria-label={t('list.refresh')} onClick={() => list.send({ type: 'list.refresh' })}>
        <RefreshIcon />
      </IconButton>
      <Stack direction="row" spacing={1} sx={{ flexGrow: 1, justifyContent: 'flex-end' }}>
        {actions}
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(addPath)}>
          {t('list.add')}
        </Button>
      </Stack>
    </Stack>
  );
}
