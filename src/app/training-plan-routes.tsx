import { Route } from 'wouter';
import { ListView } from '../views/list/ListView';
import { trainingPlansResource } from '../views/resources/training-plans';
import { ItemPage, ModulePage, TrainingPlanPage } from '../views/training-plans/TrainingPlanPages';

/** The plans' list, a plan with its modules, a module with its items, an item; `new` comes before an id, and each record gets a fresh page. */
export function trainingPlanRoutes() {
  return [
    <Route key="training-plans" path="/training-plans">
      <ListView resource="training-plans" config={trainingPlansResource.list} />
    </Route>,
    <Route key="training-plans/new" path="/training-plans/new">
      <TrainingPlanPage id={null} />
    </Route>,
    <Route key="training-plans/:id" path="/training-plans/:id">
      {({ id }) => <TrainingPlanPage key={id} id={id} />}
    </Route>,
    <Route key="modules/new" path="/training-plans/:id/modules/new">
      {({ id }) => <ModulePage key={id} planId={id} moduleId={null} />}
    </Route>,
    <Route key="modules/:moduleId" path="/training-plans/:id/modules/:moduleId">
      {({ id, moduleId }) => <ModulePage key={`${id}/${moduleId}`} planId={id} moduleId={moduleId} />}
    </Route>,
    <Route key="items/new" path="/training-plans/:id/modules/:moduleId/items/new">
      {({ id, moduleId }) => <ItemPage key={`${id}/${moduleId}`} planId={id} moduleId={moduleId} itemId={null} />}
    </Route>,
    <Route key="items/:itemId" path="/training-plans/:id/modules/:moduleId/items/:itemId">
      {({ id, moduleId, itemId }) => <ItemPage key={`${id}/${moduleId}/${itemId}`} planId={id} moduleId={moduleId} itemId={itemId} />}
    </Route>,
  ];
}
