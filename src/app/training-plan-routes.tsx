import { Route } from 'wouter';
import { lazyView } from '../views/lazy-view';
import { itemForm, moduleForm, trainingPlansResource } from '../views/resources/training-plans';
import { LazyPage, ListPage } from './lazy-pages';
import { screenCode } from './screen-code';

/** The plan editor (a plan with its modules, a module with its items, an item): one chunk, fetched with its first page. */
const editor = screenCode.planEditor;
const TrainingPlanPage = lazyView(() => editor().then((module) => module.TrainingPlanPage));
const ModulePage = lazyView(() => editor().then((module) => module.ModulePage));
const ItemPage = lazyView(() => editor().then((module) => module.ItemPage));

const { form: planForm } = trainingPlansResource;

/** The plans' list, a plan with its modules, a module with its items, an item; `new` comes before an id, and each record gets a fresh page. */
export function trainingPlanRoutes() {
  return [
    <Route key="training-plans" path="/training-plans">
      <ListPage resource="training-plans" config={trainingPlansResource.list} next={[TrainingPlanPage]} />
    </Route>,
    <Route key="training-plans/new" path="/training-plans/new">
      <LazyPage titleKey={planForm.newTitleKey}>
        <TrainingPlanPage id={null} />
      </LazyPage>
    </Route>,
    <Route key="training-plans/:id" path="/training-plans/:id">
      {({ id }) => (
        <LazyPage titleKey={planForm.editTitleKey}>
          <TrainingPlanPage key={id} id={id} />
        </LazyPage>
      )}
    </Route>,
    <Route key="modules/new" path="/training-plans/:id/modules/new">
      {({ id }) => (
        <LazyPage titleKey={moduleForm.newTitleKey}>
          <ModulePage key={id} planId={id} moduleId={null} />
        </LazyPage>
      )}
    </Route>,
    <Route key="modules/:moduleId" path="/training-plans/:id/modules/:moduleId">
      {({ id, moduleId }) => (
        <LazyPage titleKey={moduleForm.editTitleKey}>
          <ModulePage key={`${id}/${moduleId}`} planId={id} moduleId={moduleId} />
        </LazyPage>
      )}
    </Route>,
    <Route key="items/new" path="/training-plans/:id/modules/:moduleId/items/new">
      {({ id, moduleId }) => (
        <LazyPage titleKey={itemForm.newTitleKey}>
          <ItemPage key={`${id}/${moduleId}`} planId={id} moduleId={moduleId} itemId={null} />
        </LazyPage>
      )}
    </Route>,
    <Route key="items/:itemId" path="/training-plans/:id/modules/:moduleId/items/:itemId">
      {({ id, moduleId, itemId }) => (
        <LazyPage titleKey={itemForm.editTitleKey}>
          <ItemPage key={`${id}/${moduleId}/${itemId}`} planId={id} moduleId={moduleId} itemId={itemId} />
        </LazyPage>
      )}
    </Route>,
  ];
}
