import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry } from '../../domain/activity';
import { selectFailure, selectIsLoading, selectItems, selectQuery, selectTotal } from '../../machines/list.machine';
import { useActivityMachine, useConsoleActorRef } from '../actors';
import { tablePaginationTexts } from '../list/paging-texts';
import { LoadingLine } from '../pages/LoadingLine';

/** A field's label: History's own (`auditFields.tenantId`), else the form's (`fields.name`), else its name. */
const fieldLabel = (t: TFunction, name: string) => t([`auditFields.${name}`, `fields.${name}`], { defaultValue: name });

/** Who acted, as the audit kept them when it happened (name, email, scope), and the tenant a GLOBAL admin assumed. */
export function actorText(t: TFunction, entry: ActivityEntry) {
  const who = entry.actor
    ? t('history.actor', { name: entry.actor.name, email: entry.actor.email, scope: t(`scopes.${entry.actor.scope}`) })
    : entry.system === 'video-service'
      ? t('history.videoService')
      : entry.system === 'processing-timeout'
        ? t('history.processingTimeout')
        : t('history.deletedUser');
  return entry.assumedTenant ? `${who} ${t('history.asTenant', { tenant: entry.assumedTenant.name })}` : who;
}

export const changedText = (t: TFunction, entry: ActivityEntry) => entry.changed.map((name) => fieldLabel(t, name)).join(', ');

/**
 * On a phone the table is stacked: each entry a block, each cell a line led by its column's name (`data-label`), so
 * the page never scrolls sideways; the header row stays for screen readers only.
 */
const stackedOnPhone = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)' },
    '& tr, & td': { display: 'block' },
    '& tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
    '& td': { border: 0, py: 0.25, px: 0, overflowWrap: 'anywhere' },
    '& td::before': { content: 'attr(data-label) ": "', fontWeight: 500 },
  },
});

/**
 * The History of a record on its edit page: who changed which fields, when, newest first (the audit log through the
 * generic list machine, filtered to the record).
 */
export function HistoryPanel({ entity, entityId }: { entity: string; entityId: string }) {
  const { t, i18n } = useTranslation();
  const list = useConsoleActorRef(useActivityMachine(), {
    input: { allowedSorts: ['at'], filters: { entity, entityId }, query: { pageSize: '10' } },
  });
  const items = useSelector(list, selectItems<ActivityEntry>);
  const loading = useSelector(list, selectIsLoading);
  const failure = useSelector(list, selectFailure);
  const total = useSelector(list, selectTotal);
  const query = useSelector(list, selectQuery);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <Paper component="section" aria-labelledby="history-title" sx={{ mt: 3, p: 2 }}>
      <Typography id="history-title" variant="h6" component="h2" gutterBottom>
        {t('history.title')}
      </Typography>
      {loading && <LoadingLine />}
      {failure ? (
        <Alert severity="error">{`${t('feedback.fetchError')} ${failure.status}`}</Alert>
      ) : !loading && items.length === 0 ? (
        <Typography color="text.secondary">{t('history.empty')}</Typography>
      ) : (
        <>
          <Table size="small" aria-labelledby="history-title" sx={stackedOnPhone}>
            <TableHead>
              <TableRow>
                <TableCell>{t('history.when')}</TableCell>
                <TableCell>{t('history.who')}</TableCell>
                <TableCell>{t('history.action')}</TableCell>
                <TableCell>{t('history.fields')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell data-label={t('history.when')}>{when.format(new Date(entry.at))}</TableCell>
                  <TableCell data-label={t('history.who')}>{actorText(t, entry)}</TableCell>
                  <TableCell data-label={t('history.action')}>{t(`history.actions.${entry.action}`)}</TableCell>
                  <TableCell data-label={t('history.fields')}>{changedText(t, entry)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={total}
            page={query.page - 1}
            rowsPerPage={query.pageSize}
            rowsPerPageOptions={[query.pageSize]}
            {...tablePaginationTexts(t)}
            onPageChange={(_, page) => list.send({ type: 'list.page', page: page + 1 })}
          />
        </>
      )}
    </Paper>
  );
}
