import type { ResourceName } from '../../domain/resource';

/**
 * The `sortBy` values each resource's list offers (and the API accepts): its configuration's, and what the page asks
 * for at start from its address (`src/app/first-load.ts`), so both read the same query from the same address.
 */
export const listSorts: Record<ResourceName, readonly string[]> = {
  companies: ['id', 'name', 'createdAt', 'updatedAt'],
  tenants: ['id', 'name', 'createdAt', 'updatedAt'],
  users: ['id', 'name', 'surname', 'email', 'createdAt', 'updatedAt'],
  topics: ['name', 'status'],
  contents: ['id', 'title', 'createdAt', 'updatedAt'],
  'training-plans': ['id', 'name', 'createdAt', 'updatedAt'],
  quizzes: ['id', 'title', 'status', 'createdAt', 'updatedAt'],
  groups: ['name', 'createdAt', 'updatedAt'],
};
