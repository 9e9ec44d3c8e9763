import Box from '@mui/material/Box';
import { LoadingLine } from '../pages/LoadingLine';
import { AppFrame, drawerWidth, useWideScreen } from './AppFrame';

/**
 * The signed-in frame while its code is on its way: the top bar and the sidebar's place where the layout will draw
 * them, and the loading line where the page will be.
 */
export function LayoutLoading() {
  const wide = useWideScreen();
  const emptySidebar = (
    <Box
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        bottom: 0,
        width: drawerWidth,
        borderRight: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    />
  );
  return (
    <AppFrame sidebar={wide && emptySidebar}>
      <LoadingLine />
    </AppFrame>
  );
}
