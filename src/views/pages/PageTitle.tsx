import Typography from '@mui/material/Typography';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

/**
 * Where the console opened, and whether the user has moved since: the first page keeps the browser's focus where it
 * is; every page reached after a route change takes it on its heading, so a screen reader announces the new page and
 * the keyboard goes on from there instead of from the page's top.
 */
interface RouteFocus {
  /** Whether the page at `location` takes the focus: not the first page, unless the user moved away and back. */
  takesFocus(location: string): boolean;
}
const RouteFocusContext = createContext<RouteFocus | null>(null);

/** Around the pages of the signed-in frame: see `RouteFocus`. */
export function RouteFocusScope({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const [routeFocus] = useState<RouteFocus>(() => {
    let moved = false;
    return {
      takesFocus: (at) => {
        if (!moved && at === location) return false;
        moved = true;
        return true;
      },
    };
  });
  return <RouteFocusContext.Provider value={routeFocus}>{children}</RouteFocusContext.Provider>;
}

function useFocusAfterRouteChange() {
  const heading = useRef<HTMLHeadingElement>(null);
  const [location] = useLocation();
  const routeFocus = useContext(RouteFocusContext);
  useEffect(() => {
    if (routeFocus?.takesFocus(location)) heading.current?.focus();
  }, [location, routeFocus]);
  return heading;
}

/** The browser tab names the record (when there is one), the screen and the console: "Acme Foods — Edit company — …". */
export function useDocumentTitle(...parts: Array<string | undefined>) {
  const { t } = useTranslation();
  const title = [...parts.filter((part) => part), t('app.title')].join(' — ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The screen's heading, and the browser tab's title; `record` names the record shown, once it is there. */
export function PageTitle({ children, record }: { children: ReactNode; record?: string | undefined }) {
  useDocumentTitle(record, typeof children === 'string' ? children : undefined);
  const heading = useFocusAfterRouteChange();
  return (
    <Typography
      ref={heading}
      variant="h5"
      component="h1"
      data-testid="page-title"
      tabIndex={-1}
      gutterBottom
      sx={{ '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
