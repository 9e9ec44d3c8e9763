import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const drawerWidth = 264;

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
 * layout fills it.
 */
export function AppFrame({ onOpenMenu, barEnd, sidebar, children }: AppFrameProps) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
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
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
