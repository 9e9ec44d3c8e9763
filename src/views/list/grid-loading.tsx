import Box from '@mui/material/Box';
import { LoadingLine } from '../pages/LoadingLine';

export const loadingLineSx = { display: 'grid', placeItems: 'center', height: '100%', minHeight: 52 } as const;

/**
 * The grid's place while its code is on its way: the grid's frame and height, with the loading line the grid
 * itself shows while its rows load (the list machine has been fetching them meanwhile).
 */
export function GridLoading() {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 162, display: 'grid' }}>
      <LoadingLine sx={loadingLineSx} />
    </Box>
  );
}
