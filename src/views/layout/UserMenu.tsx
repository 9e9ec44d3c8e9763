import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import SettingsIcon from '@mui/icons-material/Settings';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useSessionActor } from '../actors';
import { languageEntries, useLanguageSwitch } from './language-switch';

/** The theme follows the system's setting unless the user picks light or dark. */
const colorModes = ['system', 'light', 'dark'] as const;

export function UserMenu() {
  const session = useSessionActor();
  const { t } = useTranslation();
  const language = useLanguageSwitch();
  const [, navigate] = useLocation();
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        data-testid="user-menu-button"
        aria-label={t('userMenu.open')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <ListSubheader>{t('userMenu.language')}</ListSubheader>
        {languageEntries.map(({ language: code, labelKey }) => (
          <MenuItem
            key={code}
            data-testid={`language-${code}`}
            lang={code}
            selected={language.current === code}
            onClick={() => {
              language.switchTo(code);
              close();
            }}
          >
            {t(labelKey)}
          </MenuItem>
        ))}
        <Divider />
        <ListSubheader>{t('theme.title')}</ListSubheader>
        {colorModes.map((colorMode) => (
          <MenuItem
            key={colorMode}
            data-testid={`theme-${colorMode}`}
            selected={(mode ?? 'system') === colorMode}
            onClick={() => {
              setMode(colorMode);
              close();
            }}
          >
            {t(`theme.${colorMode}`)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          data-testid="settings"
          onClick={() => {
            close();
            navigate('/settings');
          }}
        >
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.settings')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={close}>
          <ListItemIcon>
            <ManageAccountsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.profiling')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          data-testid="logout"
          onClick={() => {
            close();
            session.send({ type: 'session.logout' });
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('userMenu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
