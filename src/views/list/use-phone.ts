import useMediaQuery from '@mui/material/useMediaQuery';
import { phoneMediaQuery } from './phone-media';

/** A phone's width (below the `sm` breakpoint, 600 px): lists show two-line rows, toolbars icon buttons. */
export const usePhone = () => useMediaQuery(phoneMediaQuery, { noSsr: true });
