import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanAssignments } from './PlanAssignments';
import { PlanLearners } from './PlanLearners';

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
            <PlanLearners planId={planId} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
