import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { listRequestOf, selectAllSelected, selectSelectedIds } from '../../machines/list.machine';
import { selectIsExporting } from '../../machines/list-export.machine';
import type { ListActor } from './list-actor';
import type { ListExportActor } from './ListToolbar';

/**
 * "Export selection" in a list's selection bar (issue 29): the selected rows as CSV, or every row the search and
 * filters match once "Select all N" is chosen; the export machine decides which, and waits while it runs.
 */
export function ExportSelectionButton({ list, exporter }: { list: ListActor; exporter: ListExportActor }) {
  const { t, i18n } = useTranslation();
  const exporting = useSelector(exporter, selectIsExporting);
  const exportSelection = () => {
    const snapshot = list.getSnapshot();
    exporter.send({
      type: 'listExport.selection',
      request: { ...listRequestOf(snapshot), language: i18n.language },
      selection: { selectedIds: selectSelectedIds(snapshot), allSelected: selectAllSelected(snapshot) },
    });
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<DownloadIcon />}
      loading={exporting}
      loadingPosition="start"
      onClick={exportSelection}
    >
      {exporting ? t('listExport.busy') : t('listExport.selection')}
    </Button>
  );
}
