import Drawer from '@mui/material/Drawer';
import { useState, type ReactNode } from 'react';
import { AppFrame, drawerWidth, useWideScreen } from './AppFrame';
import { AssumedTenantBanner } from './AssumedTenantBanner';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

/** The signed-in frame: a permanent sidebar on wide screens, a temporary one below the md breakpoint. */
export function AppLayout({ children }: { children: ReactNode }) {
  const wide = useWideScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <AppFrame
      onOpenMenu={() => setDrawerOpen(true)}
      barEnd={<UserMenu />}
      sidebar={
        <Drawer
          variant={wide ? 'permanent' : 'temporary'}
          open={wide || drawerOpen}
          onClose={closeDrawer}
          sx={{ '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' } }}
        >
          <Sidebar onNavigate={closeDrawer} />
        </Drawer>
      }
    >
      <AssumedTenantBanner />
      {children}
    </AppFrame>
  );
}
