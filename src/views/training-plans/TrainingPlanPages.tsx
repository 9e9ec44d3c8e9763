import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { TrainingPlan, TrainingPlanModule } from '../../domain/training-plans';
import { selectRecord } from '../../machines/form.machine';
import { useTrainingPlanMachines } from '../actors';
import type { FormActor } from '../form/form-actor';
import type { FormConfig } from '../form/form-config';
import { FormView, RecordFormPage } from '../form/FormView';
import { OrderedTable } from '../ordered/OrderedTable';
import { PlanDelivery } from '../delivery/PlanDelivery';
import { itemForm, itemsTable, moduleForm, modulesTable, trainingPlansResource } from '../resources/training-plans';

const planPath = (planId: string) => `/training-plans/${planId}`;
const modulePath = (planId: string, moduleId: string) => `${planPath(planId)}/modules/${moduleId}`;

/** Below a saved plan: its modules, then its assignments (Assign while it is PUBLISHED) and its learners, in tabs. */
function PlanModules({ form }: { form: FormActor }) {
  const plan = useSelector(form, selectRecord) as TrainingPlan | null;
  if (!plan) return null;
  return (
    <>
      <ModulesOf planId={plan.id} />
      <PlanDelivery planId={plan.id} published={plan.status === 'PUBLISHED'} />
    </>
  );
}

function ModulesOf({ planId }: { planId: string }) {
  const { modules } = useTrainingPlanMachines();
  const { ordered } = useMemo(() => modules(planId), [modules, planId]);
  return <OrderedTable machine={ordered} config={modulesTable} basePath={`${planPath(planId)}/modules`} />;
}

/** Below a saved module: its items. */
function ModuleItems({ form }: { form: FormActor }) {
  const module = useSelector(form, selectRecord) as TrainingPlanModule | null;
  return module ? <ItemsOf planId={module.trainingPlanId} moduleId={module.id} /> : null;
}

function ItemsOf({ planId, moduleId }: { planId: string; moduleId: string }) {
  const { items } = useTrainingPlanMachines();
  const { ordered } = useMemo(() => items(planId, moduleId), [items, planId, moduleId]);
  return <OrderedTable machine={ordered} config={itemsTable} basePath={`${modulePath(planId, moduleId)}/items`} />;
}

const planForm: FormConfig = { ...trainingPlansResource.form, Extra: PlanModules };
const moduleFormWithItems: FormConfig = { ...moduleForm, Extra: ModuleItems };

/** A plan's form, and once it exists, its modules (`/training-plans/new`, `/training-plans/{id}`). */
export function TrainingPlanPage({ id }: { id: string | null }) {
  return <FormView resource="training-plans" config={planForm} id={id} />;
}

/** A module's form, and once it exists, its items; saving goes back to the plan. */
export function ModulePage({ planId, moduleId }: { planId: string; moduleId: string | null }) {
  const { modules } = useTrainingPlanMachines();
  const { form } = useMemo(() => modules(planId), [modules, planId]);
  return <RecordFormPage machine={form} config={moduleFormWithItems} id={moduleId} backPath={planPath(planId)} />;
}

/** An item's form; saving goes back to the module. */
export function ItemPage({ planId, moduleId, itemId }: { planId: string; moduleId: string; itemId: string | null }) {
  const { items } = useTrainingPlanMachines();
  const { form } = useMemo(() => items(planId, moduleId), [items, planId, moduleId]);
  return <RecordFormPage machine={form} config={itemForm} id={itemId} backPath={modulePath(planId, moduleId)} />;
}
