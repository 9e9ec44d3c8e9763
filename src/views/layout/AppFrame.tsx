import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteFocusScope } from '../pages/PageTitle';

export const drawerWidth = 264;

/** Off screen until focused, then over the top bar's start. */
const skipLink = (theme: Theme) => ({
  position: 'fixed',
  top: 8,
  left: 8,
  zIndex: theme.zIndex.appBar + 1,
  px: 2,
  py: 1,
  borderRadius: 1,
  bgcolor: 'background.paper',
  boxShadow: 3,
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none' },
});

/** Wide screens keep the sidebar open beside the page; narrower ones open it from the top bar's menu button. */
export const useWideScreen = () => useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { defaultMatches: true, noSsr: true });

export interface AppFrameProps {
  /** Opens the sidebar (narrow screens); without it the menu button is there but disabled. */
  onOpenMenu?: () => void;
  /** At the top bar's end: the user menu. */
  barEnd?: ReactNode;
  sidebar: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in frame's geometry: the top bar with the console's title, the sidebar's place, the page. The signed-in
 * layout fills it; while its code is on its way, the same frame shows with an empty sidebar, so nothing moves.
 */
export function AppFrame({ onOpenMenu, barEnd, sidebar, children }: AppFrameProps) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* The first stop of the keyboard: past the bar and the menu, straight to the page. */}
      <Link href="#main-content" sx={skipLink}>
        {t('app.skipToContent')}
      </Link>
      <AppBar position="fixed" sx={{ width: { md: `calc(100% - ${drawerWidth}px)` }, ml: { md: `${drawerWidth}px` } }}>
        <Toolbar>
          {!wide && (
            <IconButton color="inherit" edge="start" aria-label={t('menu.open')} disabled={!onOpenMenu} onClick={onOpenMenu} sx={{ mr: 1 }}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1 }}>
            {t('app.title')}
          </Typography>
          {barEnd}
        </Toolbar>
      </AppBar>
      <Box component="aside" sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 } }}>
        {sidebar}
      </Box>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        <RouteFocusScope>{children}</RouteFocusScope>
      </Box>
    </Box>
  );
}
