import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanAssignments } from './PlanAssignments';
import { lazyView } from '../lazy-view';
import { LoadBoundary } from '../pages/LoadBoundary';
import { LoadingLine } from '../pages/LoadingLine';

/** The Learners tab and its charts (MUI X Charts): a chunk of their own, fetched when the tab opens. */
const PlanLearners = lazyView(() => import('./PlanLearners').then((module) => module.PlanLearners));

/** Below a saved plan's modules: its delivery in two tabs, the assignments and the learners (counts, charts, table). */
export function PlanDelivery({ planId, published }: { planId: string; published: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<'assignments' | 'learners'>('assignments');
  return (
    <Box sx={{ mt: 3 }}>
      <Tabs value={tab} onChange={(_, value: 'assignments' | 'learners') => setTab(value)} aria-label={t('delivery.tabs')}>
        <Tab value="assignments" label={t('delivery.assignments')} id={`${id}-assignments`} aria-controls={`${id}-assignments-panel`} />
        <Tab value="learners" label={t('delivery.learners')} id={`${id}-learners`} aria-controls={`${id}-learners-panel`} />
      </Tabs>
      <Box role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === 'assignments' ? (
          <PlanAssignments planId={planId} published={published} />
        ) : (
          <Box sx={{ mt: 3 }}>
            <LoadBoundary>
              <Suspense fallback={<LoadingLine />}>
                <PlanLearners planId={planId} />
              </Suspense>
            </LoadBoundary>
          </Box>
        )}
      </Box>
    </Box>
  );
}
