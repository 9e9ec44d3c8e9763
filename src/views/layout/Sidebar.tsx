import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { SessionState } from '../../domain/session';
import { selectSessionState } from '../../machines/session.machine';
import { useSessionActor } from '../actors';
import { menuByScope } from './menu';

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const state = useSelector(useSessionActor(), selectSessionState);
  if (!state) return null;
  return (
    <>
      <SidebarHeader state={state} />
      <Divider />
      <SidebarMenu state={state} onNavigate={onNavigate} />
    </>
  );
}

function SidebarHeader({ state: { user, company, tenant } }: { state: SessionState }) {
  const { t } = useTranslation();
  const fullName = [user.name, user.surname].filter(Boolean).join(' ');
  return (
    <Box data-testid="sidebar-header" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, minHeight: { xs: 56, sm: 64 } }}>
      <Avatar sx={{ bgcolor: 'primary.main' }}>{user.name.charAt(0).toUpperCase()}</Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" noWrap>
          {fullName}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {company?.name ?? tenant?.name ?? t('sidebar.rootAdmin')}
        </Typography>
      </Box>
    </Box>
  );
}

function SidebarMenu({ state, onNavigate }: { state: SessionState; onNavigate: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <nav aria-label={t('menu.label')} data-testid="sidebar-menu">
      <List>
        {menuByScope[state.user.scope].map(({ path, labelKey, Icon }) => {
          const active = location === path || location.startsWith(`${path}/`);
          return (
            // Each link in a list item of its own: a list holds only items (WAI-ARIA `list`).
            <ListItem key={path} disablePadding>
              <Link href={path} asChild onClick={onNavigate}>
                <ListItemButton component="a" selected={active} aria-current={active ? 'page' : undefined}>
                  <ListItemIcon>
                    <Icon />
                  </ListItemIcon>
                  <ListItemText primary={t(labelKey)} />
                </ListItemButton>
              </Link>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
}
