import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArticleIcon from '@mui/icons-material/Article';
import BusinessIcon from '@mui/icons-material/Business';
import LabelIcon from '@mui/icons-material/Label';
import PeopleIcon from '@mui/icons-material/People';
import SchoolIcon from '@mui/icons-material/School';
import type { ResourceName } from '../../domain/resource';
import type { Scope } from '../../domain/session';

export interface MenuEntry {
  path: string;
  labelKey: string;
  Icon: SvgIconComponent;
  /** The list's resource, and the title of its create page (a shortcut on /home). */
  resource: ResourceName;
  newLabelKey: string;
}

const tenants: MenuEntry = { path: '/tenants', labelKey: 'menu.tenants', Icon: ApartmentIcon, resource: 'tenants', newLabelKey: 'pages.tenantNew' };
const users: MenuEntry = { path: '/users', labelKey: 'menu.users', Icon: PeopleIcon, resource: 'users', newLabelKey: 'pages.userNew' };
const companies: MenuEntry = { path: '/companies', labelKey: 'menu.companies', Icon: BusinessIcon, resource: 'companies', newLabelKey: 'pages.companyNew' };
const contents: MenuEntry = { path: '/contents', labelKey: 'menu.contents', Icon: ArticleIcon, resource: 'contents', newLabelKey: 'pages.contentNew' };
const topics: MenuEntry = { path: '/topics', labelKey: 'menu.topics', Icon: LabelIcon, resource: 'topics', newLabelKey: 'pages.topicNew' };
const trainingPlans: MenuEntry = { path: '/training-plans', labelKey: 'menu.trainingPlans', Icon: SchoolIcon, resource: 'training-plans', newLabelKey: 'pages.trainingPlanNew' };

export const menuByScope: Record<Scope, MenuEntry[]> = {
  GLOBAL: [tenants, users],
  TENANT: [companies, users],
  COMPANY: [users, contents, topics, trainingPlans],
};

const sections = Object.values(menuByScope).flat();

/**
 * Whether an account of `scope` may open the screen at `location`: a screen of the menu of another scope (/tenants as a
 * COMPANY admin) is not; every other path (home, settings, unknown paths) is left to the routes.
 */
export const mayOpen = (scope: Scope, location: string) =>
  !sections.some(({ path }) => location === path || location.startsWith(`${path}/`)) ||
  menuByScope[scope].some(({ path }) => location === path || location.startsWith(`${path}/`));
