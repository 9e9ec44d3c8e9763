import { Suspense, type ReactNode } from 'react';
import type { ResourceName, ResourceRecords } from '../domain/resource';
import { lazyView, usePrefetchWhenIdle, type Preloadable } from '../views/lazy-view';
import type { ListConfig } from '../views/list/list-config';
import { ListView } from '../views/list/ListView';
import { LoadBoundary } from '../views/pages/LoadBoundary';
import { PageLoading } from '../views/pages/LoadingLine';
import { screenCode } from './screen-code';

/** The create and edit screen of every resource: a chunk of its own, fetched with its first visit or prefetched. */
export const FormView = lazyView(() => screenCode.form().then((module) => module.FormView));

/** A screen whose code may still be on its way: until it is there, its title and the loading line. */
export function LazyPage({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  return (
    <LoadBoundary>
      <Suspense fallback={<PageLoading titleKey={titleKey} />}>{children}</Suspense>
    </LoadBoundary>
  );
}

/** A resource's list, prefetching (when idle) the code of the screens it leads to. */
export function ListPage<Name extends ResourceName>({
  resource,
  config,
  next,
}: {
  resource: Name;
  config: ListConfig<ResourceRecords[Name]>;
  next: Preloadable[];
}) {
  usePrefetchWhenIdle(...next);
  return <ListView resource={resource} config={config} />;
}
