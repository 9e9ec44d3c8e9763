import type { StoredRecord } from './resource';

/** Training plans, their modules and the modules' items (docs/api-contract.md, "Catalogue and training plans"). */
export type TrainingPlanStatus = 'DRAFT' | 'PUBLISHED';

export const trainingPlanStatuses: readonly TrainingPlanStatus[] = ['DRAFT', 'PUBLISHED'];

export interface TrainingPlan extends StoredRecord {
  name: string;
  status: TrainingPlanStatus;
  freelyNavigable: boolean;
  moduleCount: number;
}

export interface TrainingPlanModule extends StoredRecord {
  title: string;
  /** 1-based position in the plan. */
  order: number;
  trainingPlanId: string;
  itemCount: number;
}

export type ItemType = 'CONTENT' | 'QUIZ';

export const itemTypes: readonly ItemType[] = ['CONTENT', 'QUIZ'];

export interface TrainingPlanItem extends StoredRecord {
  title: string;
  /** 1-based position in the module. */
  order: number;
  type: ItemType;
  contentId: string | null;
  content: { id: string; title: string } | null;
  trainingPlanModuleId: string;
}
