import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { HomeAttention } from '../../domain/delivery';
import { selectIsLoading, selectLoadFailure, selectRecord } from '../../machines/form.machine';
import { useConsoleActorRef, useDeliveryMachines } from '../actors';
import { ActionAlert } from './ActionAlert';
import { LoadingLine } from './LoadingLine';

/**
 * /home's "Needs attention" (issue 27). For a COMPANY admin: how many learners are overdue, the first few with their
 * plan (each leading to the plan's learners filtered by Overdue), and the published plans nobody is assigned to
 * (each leading to the plan, where Assign is). For a TENANT or GLOBAL admin: the same counts over its reach and the
 * companies with something to act on, the most overdue first, each leading to its line of the completion report.
 * Nothing to say: it says so.
 */
export function AttentionCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const form = useConsoleActorRef(useDeliveryMachines().attention, {
    input: { id: 'attention', fields: [], messages: { createdKey: '', updatedKey: '' } },
  });
  const loading = useSelector(form, selectIsLoading);
  const failure = useSelector(form, selectLoadFailure);
  const attention = useSelector(form, selectRecord) as (HomeAttention & { id: string }) | null;
  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} data-testid="home-attention" sx={{ mb: 3 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <WarningAmberIcon color="warning" aria-hidden />
          <Typography variant="h6" component="h2" id={headingId}>
            {t('home.attention.title')}
          </Typography>
        </Box>
        {loading ? (
          <LoadingLine />
        ) : failure ? (
          <ActionAlert actionLabel={t('form.retry')} onAction={() => form.send({ type: 'form.reload' })}>
            {t('home.attention.failed')}
          </ActionAlert>
        ) : attention ? (
          <AttentionLists attention={attention} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function AttentionLists({ attention }: { attention: HomeAttention }) {
  const { t } = useTranslation();
  const overdueId = useId();
  const unassignedId = useId();
  const { overdue, unassignedPlans, companies } = attention;
  if (overdue.total === 0 && unassignedPlans.total === 0) {
    return <Typography color="text.secondary">{t('home.attention.nothing')}</Typography>;
  }
  if (companies) return <CompanyAttention attention={attention} companies={companies} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {overdue.total > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" id={overdueId} data-testid="attention-overdue">
            {t('home.attention.overdue', { count: overdue.total })}
          </Typography>
          <Box component="ul" aria-labelledby={overdueId} sx={{ m: 0, pl: 2.5 }}>
            {overdue.learners.map((learner) => (
              <li key={learner.enrolmentId}>
                <Link component={RouterLink} href={`/training-plans/${learner.trainingPlanId}?learners=OVERDUE`}>
                  {t('home.attention.overdueLearner', {
                    name: `${learner.name} ${learner.surname}`,
                    plan: learner.planName,
                    date: new Date(learner.dueDate),
                  })}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      )}
      {unassignedPlans.total > 0 && (
        <Box>
          <Typography variant="subtitle1" component="h3" id={unassignedId} data-testid="attention-unassigned">
            {t('home.attention.unassigned', { count: unassignedPlans.total })}
          </Typography>
          <Box component="ul" aria-labelledby={unassignedId} sx={{ m: 0, pl: 2.5 }}>
            {unassignedPlans.plans.map((plan) => (
              <li key={plan.id}>
                <Link component={RouterLink} href={`/training-plans/${plan.id}`}>
                  {plan.name}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** A TENANT or GLOBAL admin's: the counts over its reach, then the companies to act on, each to its report line. */
function CompanyAttention({
  attention: { overdue, unassignedPlans },
  companies,
}: {
  attention: HomeAttention;
  companies: NonNullable<HomeAttention['companies']>;
}) {
  const { t } = useTranslation();
  const companiesId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography data-testid="attention-overdue">{t('home.attention.overdue', { count: overdue.total })}</Typography>
      <Typography data-testid="attention-unassigned">{t('home.attention.unassigned', { count: unassignedPlans.total })}</Typography>
      <Typography variant="subtitle1" component="h3" id={companiesId} data-testid="attention-companies" sx={{ mt: 1 }}>
        {t('home.attention.companies', { count: companies.total })}
      </Typography>
      <Box component="ul" aria-labelledby={companiesId} sx={{ m: 0, pl: 2.5 }}>
        {companies.items.map((company) => (
          <li key={company.id}>
            <Link component={RouterLink} href={`/reports?search=${encodeURIComponent(company.name)}`}>
              {t('home.attention.company', {
                company: company.name,
                tenant: company.tenant.name,
                overdue: t('home.attention.overdue', { count: company.overdue }),
                unassigned: t('home.attention.unassignedShort', { count: company.unassignedPlans }),
              })}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
