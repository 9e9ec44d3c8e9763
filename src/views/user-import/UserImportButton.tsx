import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserImportMachine } from '../actors';
import { lazyView } from '../lazy-view';
import { ToolbarButton } from '../list/ToolbarButton';

/** The import's dialog and its code are a chunk of their own, fetched when the import opens (the parser later still). */
const UserImportDialog = lazyView(() => import('./UserImportDialog').then((module) => module.UserImportDialog));

/** "Import" on the users list: opens the CSV import, a new one each time; `onClosed` when it closes (the list reads again). */
export function UserImportButton({ onClosed }: { onClosed: () => void }) {
  const { t } = useTranslation();
  const userImport = useUserImportMachine();
  const [opened, setOpened] = useState(0);
  const closed = useCallback(() => {
    setOpened(0);
    onClosed();
  }, [onClosed]);
  if (!userImport) return null;
  return (
    <>
      <ToolbarButton icon={<UploadFileIcon />} label={t('userImport.open')} onClick={() => setOpened((count) => count + 1)} />
      {opened > 0 && (
        <Suspense fallback={null}>
          <OpenedImport key={opened} userImport={userImport} onClosed={closed} />
        </Suspense>
      )}
    </>
  );
}

/** One opened import: its machine is read here, inside the dialog's Suspense, as its code may still be on its way. */
function OpenedImport({
  userImport,
  onClosed,
}: {
  userImport: NonNullable<ReturnType<typeof useUserImportMachine>>;
  onClosed: () => void;
}) {
  const [input] = useState(userImport.input);
  return <UserImportDialog machine={userImport.machine} input={input} onClosed={onClosed} />;
}
