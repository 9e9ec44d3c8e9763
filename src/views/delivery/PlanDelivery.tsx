import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { enrolmentStatuses, type EnrolmentStatus } from '../../domain/delivery';
import { PlanAssignments } from './PlanAssignments';
import { lazyView } from '../lazy-view';
import { LoadBoundary } from '../pages/LoadBoundary';
import { LoadingLine } from '../pages/LoadingLine';

/** The Learners tab and its charts (MUI X Charts): a chunk of their own, fetched when the tab opens. */
const PlanLearners = lazyView(() => import('./PlanLearners').then((module) => module.PlanLearners));

/** `?learners=OVERDUE` (a link from /home): the Learners tab opens first, its list filtered by that status. */
const learnersStatusOf = (search: string): EnrolmentStatus | null => {
  const value = new URLSearchParams(search).get('learners');
  return (enrolmentStatuses as readonly string[]).includes(value ?? '') ? (value as EnrolmentStatus) : null;
};

/**
 * Below a saved plan's modules: its delivery in two tabs, the assignments and the learners (counts, charts, table);
 * the address may open the Learners tab on a status (`?learners=OVERDUE`).
 */
export function PlanDelivery({ planId, published }: { planId: string; published: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [initialStatus] = useState(learnersStatusOf(useSearch()));
  const [tab, setTab] = useState<'assignments' | 'learners'>(initialStatus ? 'learners' : 'assignments');
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
                <PlanLearners planId={planId} initialStatus={initialStatus ?? ''} />
              </Suspense>
            </LoadBoundary>
          </Box>
        )}
      </Box>
    </Box>
  );
}
