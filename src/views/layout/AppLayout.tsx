import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AssumedTenantBanner } from './AssumedTenantBanner';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

const drawerWidth = 264;

/** The signed-in frame: a permanent sidebar on wide screens, a temporary one below the md breakpoint. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { defaultMatches: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ width: { md: `calc(100% - ${drawerWidth}px)` }, ml: { md: `${drawerWidth}px` } }}>
        <Toolbar>
          {!wide && (
            <IconButton color="inherit" edge="start" aria-label={t('menu.open')} onClick={() => setDrawerOpen(true)} sx={{ mr: 1 }}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1 }}>
            {t('app.title')}
          </Typography>
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Box component="aside" sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 } }}>
        <Drawer
          variant={wide ? 'permanent' : 'temporary'}
          open={wide || drawerOpen}
          onClose={closeDrawer}
          sx={{ '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' } }}
        >
          <Sidebar onNavigate={closeDrawer} />
        </Drawer>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <AssumedTenantBanner />
        {children}
      </Box>
    </Box>
  );
}
