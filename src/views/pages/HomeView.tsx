import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SessionState } from '../../domain/session';
import { selectFailure, selectIsLoading, selectTotal, selectTotalIsEstimate } from '../../machines/list.machine';
import { selectSessionState } from '../../machines/session.machine';
import { useConsoleActorRef, useResourceMachines, useSessionActor } from '../actors';
import { isResourceEntry, menuByScope, type ResourceMenuEntry } from '../layout/menu';
import { AttentionCard } from './AttentionCard';
import { PageTitle } from './PageTitle';

/**
 * Home greets the user with what their scope manages: one card per screen of their menu, with how many records it
 * holds (the total of the list's first page, fetched by the list machine as the list itself would) and shortcuts to
 * the list and to a new record.
 */
export function HomeView() {
  const { t } = useTranslation();
  const state = useSelector(useSessionActor(), selectSessionState);
  if (!state) return null;
  return (
    <>
      <PageTitle>{t('pages.home')}</PageTitle>
      <Typography variant="h6" component="p" data-testid="home-greeting">
        {t('home.greeting', { name: state.user.name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {oneFullStop(t(`home.intro.${state.user.scope}`, { place: placeOf(state) }))}
      </Typography>
      <AttentionCard />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))' }}>
        {menuByScope[state.user.scope].filter(isResourceEntry).map((entry) => (
          <SectionCard key={entry.path} entry={entry} />
        ))}
      </Box>
    </>
  );
}

const placeOf = ({ company, tenant }: SessionState) => company?.name ?? tenant?.name ?? '';

/** A sentence ending on a name that ends with its own period ("Acme Robotics S.p.A.") takes no second one. */
export const oneFullStop = (sentence: string) => sentence.replace(/\.\.$/, '.');

function SectionCard({ entry: { path, labelKey, newLabelKey, Icon, resource } }: { entry: ResourceMenuEntry }) {
  const { t, i18n } = useTranslation();
  // The list's own machine on its first page (the query the list opens with), away from the address bar.
  const list = useConsoleActorRef(useResourceMachines(resource).list, { input: { allowedSorts: [] } });
  const loading = useSelector(list, selectIsLoading);
  const failure = useSelector(list, selectFailure);
  const total = useSelector(list, selectTotal);
  const estimate = useSelector(list, selectTotalIsEstimate);
  const headingId = `home-${resource}`;
  const count = loading
    ? t('home.counting')
    : failure
      ? t('home.countFailed')
      : t(estimate ? 'home.countAbout' : 'home.count', { count: total });
  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} data-testid={`home-card-${resource}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Icon color="primary" aria-hidden />
          <Typography variant="h6" component="h2" id={headingId}>
            {t(labelKey)}
          </Typography>
        </Box>
        <Typography variant="h4" component="p" data-testid={`home-count-${resource}`} aria-busy={loading} sx={{ mt: 1 }}>
          {count}
        </Typography>
      </CardContent>
      {/* The two shortcuts keep their labels on one line each; when they do not fit side by side the second goes below, aligned with the first. */}
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, '& > a': { whiteSpace: 'nowrap' } }}>
        <Link href={path} asChild>
          <Button component="a" size="small">
            {t('home.open', { list: t(labelKey).toLocaleLowerCase(i18n.language) })}
          </Button>
        </Link>
        <Link href={`${path}/new`} asChild>
          <Button component="a" size="small">
            {t(newLabelKey)}
          </Button>
        </Link>
      </CardActions>
    </Card>
  );
}
