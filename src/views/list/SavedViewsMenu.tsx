import AddIcon from '@mui/icons-material/Add';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { useLocation, useSearch } from 'wouter';
import { savedViewNameMaxLength } from '../../../contract/saved-view-rules';
import type { Failure } from '../../domain/failure';
import { savedViewAddress, savedViewQuery } from '../../domain/saved-views';
import {
  selectDeleting,
  selectIsBusy,
  selectIsNaming,
  selectLoadFailure,
  selectMaySave,
  selectName,
  selectRenaming,
  selectSaveFailure,
  selectViews,
  type savedViewsMachine,
} from '../../machines/saved-views.machine';
import { useConsoleActorRef, useSavedViewsMachine } from '../actors';
import { ConfirmDialog } from '../dialogs/ConfirmDialog';
import { apiErrorText } from '../notifications/notice-text';
import { ToolbarButton } from './ToolbarButton';

type SavedViewsActor = ActorRefFrom<typeof savedViewsMachine>;

/**
 * A list's "Views" (issue 29): the user's saved views of this list, each a link to its address (on page 1) with its
 * Rename and Delete; "Save current view…" names the address as it is now. One actor per list, started with the list's path.
 */
export function SavedViewsMenu() {
  const [path] = useLocation();
  return <SavedViewsOfList key={path} list={path} />;
}

function SavedViewsOfList({ list }: { list: string }) {
  const { t } = useTranslation();
  const views = useConsoleActorRef(useSavedViewsMachine(), { input: { list } });
  const anchor = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  return (
    <>
      <Box component="span" ref={anchor} sx={{ display: 'inline-flex', flexShrink: 0 }}>
        <ToolbarButton icon={<BookmarksOutlinedIcon />} label={t('savedViews.button')} onClick={() => setOpen(true)} />
      </Box>
      <Popover
        open={open}
        anchorEl={() => anchor.current!}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 300, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <ViewsList views={views} labelId={menuId} onDone={() => setOpen(false)} />
      </Popover>
      <SaveViewDialog views={views} />
      <DeleteViewDialog views={views} />
    </>
  );
}

/** The menu's content: Save current view…, then the list's views (or why they could not be loaded). */
/** The buttons beside each saved view: each sends its event, and its label is the text of the same key. */
const viewActions = [
  { event: 'savedViews.rename', Icon: EditIcon },
  { event: 'savedViews.delete', Icon: DeleteIcon },
] as const;

function ViewsList({ views, labelId, onDone }: { views: SavedViewsActor; labelId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const saved = useSelector(views, selectViews);
  const busy = useSelector(views, selectIsBusy);
  const failure = useSelector(views, selectLoadFailure);
  return (
    <Box data-testid="saved-views">
      <List dense>
        <ListItem disablePadding>
          <ListItemButton
            disabled={busy || failure !== null}
            onClick={() => {
              onDone();
              views.send({ type: 'savedViews.startSave', query: savedViewQuery(search) });
            }}
          >
            <ListItemIcon>
              <AddIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('savedViews.saveCurrent')} />
          </ListItemButton>
        </ListItem>
      </List>
      <Divider />
      <List dense aria-labelledby={labelId}>
        <ListItem>
          <ListItemText id={labelId} primary={t('savedViews.title')} slotProps={{ primary: { variant: 'overline' } }} />
        </ListItem>
        {failure ? (
          <ListItem
            secondaryAction={
              <Button size="small" onClick={() => views.send({ type: 'savedViews.retry' })}>
                {t('list.retry')}
              </Button>
            }
          >
            <ListItemText primary={t('savedViews.loadFailed')} />
          </ListItem>
        ) : saved.length === 0 ? (
          <ListItem>
            <ListItemText secondary={busy ? t('savedViews.loading') : t('savedViews.none')} />
          </ListItem>
        ) : (
          saved.map((view) => {
            const address = savedViewAddress(view);
            return (
              <ListItem
                key={view.id}
                disablePadding
                // Room for both buttons beside the name.
                sx={{ '& > .MuiListItemButton-root': { pr: 10 } }}
                secondaryAction={
                  <>
                    {viewActions.map(({ event, Icon }, index) => (
                      <IconButton
                        key={event}
                        edge={index === viewActions.length - 1 ? 'end' : false}
                        size="small"
                        aria-label={t(event, { name: view.name })}
                        disabled={busy}
                        onClick={() => {
                          onDone();
                          views.send({ type: event, id: view.id });
                        }}
                      >
                        <Icon fontSize="small" />
                      </IconButton>
                    ))}
                  </>
                }
              >
                <ListItemButton
                  component="a"
                  href={address}
                  onClick={(event: React.MouseEvent) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    onDone();
                    navigate(address);
                  }}
                >
                  <ListItemText primary={view.name} slotProps={{ primary: { noWrap: true } }} />
                </ListItemButton>
              </ListItem>
            );
          })
        )}
      </List>
    </Box>
  );
}

/** Why a save was refused, in the user's language when the console knows the API's code. */
function useFailureText(failure: Failure | null) {
  const { t, i18n } = useTranslation();
  if (!failure) return null;
  if (failure.kind !== 'http') return t('savedViews.saveFailed', { status: failure.status });
  return (
    apiErrorText(failure.code, failure.params, t, (key) => i18n.exists(key)) ??
    failure.message ??
    t('savedViews.saveFailed', { status: failure.status })
  );
}

/**
 * "Save current view" (the name of the address) or "Rename the view …" (its new name): a refused name is said under
 * the field, which keeps it.
 */
function SaveViewDialog({ views }: { views: SavedViewsActor }) {
  const { t } = useTranslation();
  const titleId = useId();
  const naming = useSelector(views, selectIsNaming);
  const busy = useSelector(views, selectIsBusy);
  const name = useSelector(views, selectName);
  const renaming = useSelector(views, selectRenaming);
  const maySave = useSelector(views, selectMaySave);
  const refusal = useFailureText(useSelector(views, selectSaveFailure));
  const cancel = () => views.send({ type: 'savedViews.cancel' });
  return (
    <Dialog open={naming} onClose={busy ? undefined : cancel} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          views.send({ type: 'savedViews.save' });
        }}
      >
        <DialogTitle id={titleId}>
          {renaming ? t('savedViews.renameTitle', { name: renaming.name }) : t('savedViews.saveTitle')}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('savedViews.name')}
            value={name}
            disabled={busy}
            error={refusal !== null}
            helperText={refusal ?? (renaming ? null : t('savedViews.nameHelp'))}
            onChange={(event) => views.send({ type: 'savedViews.name', name: event.target.value })}
            slotProps={{ htmlInput: { maxLength: savedViewNameMaxLength } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={!maySave}>
            {t('savedViews.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** "Delete the view …?": the delete of a view waits for this. */
function DeleteViewDialog({ views }: { views: SavedViewsActor }) {
  const { t } = useTranslation();
  const deleting = useSelector(views, selectDeleting);
  const busy = useSelector(views, selectIsBusy);
  return (
    <ConfirmDialog
      open={deleting !== null}
      busy={busy}
      text={t('savedViews.deleteConfirm', { name: deleting?.name ?? '' })}
      confirmLabel={t('list.delete')}
      cancelLabel={t('dialog.cancel')}
      onConfirm={() => views.send({ type: 'savedViews.confirmDelete' })}
      onCancel={() => views.send({ type: 'savedViews.cancel' })}
    />
  );
}
