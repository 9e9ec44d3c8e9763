/**
 * A phone's width: below the theme's `sm` breakpoint (600 px), where lists show two-line rows instead of the grid
 * and toolbars icon buttons. The media query the views ask (`usePhone`) and the page's start reads (no grid fetched
 * for a list shown on a phone); a test holds it equal to `theme.breakpoints.down('sm')`.
 */
export const phoneMediaQuery = '(max-width:599.95px)';
