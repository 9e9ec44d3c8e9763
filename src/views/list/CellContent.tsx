import type { SvgIconComponent } from '@mui/icons-material';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent } from 'react';

/** An icon standing for a value in a list's cell (a status, a scope): named for screen readers, its name shown as a tooltip. */
export function CellIcon({ Icon, label, color }: { Icon: SvgIconComponent; label: string; color: SvgIconProps['color'] }) {
  return (
    <Tooltip title={label}>
      <Icon color={color} role="img" aria-hidden={false} data-testid="cell-icon" />
    </Tooltip>
  );
}

const cutTextStyle = { display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * A cell's text, cut with an ellipsis when the column is too narrow; pointing at a cut text shows it whole (a long
 * email) as the browser's tooltip. Measured when pointed at, so a page of cells costs nothing more than their text.
 */
export function CellText({ text }: { text: string }) {
  const showWhenCut = (event: MouseEvent<HTMLSpanElement>) => {
    const element = event.currentTarget;
    if (element.scrollWidth > element.clientWidth) element.title = text;
    else element.removeAttribute('title');
  };
  return (
    <span onMouseOver={showWhenCut} style={cutTextStyle}>
      {text}
    </span>
  );
}
