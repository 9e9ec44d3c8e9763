import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArticleIcon from '@mui/icons-material/Article';
import BusinessIcon from '@mui/icons-material/Business';
import HistoryIcon from '@mui/icons-material/History';
import LabelIcon from '@mui/icons-material/Label';
import PeopleIcon from '@mui/icons-material/People';
import SchoolIcon from '@mui/icons-material/School';
import type { ResourceName } from '../../domain/resource';
import type { Scope } from '../../domain/session';

export interface MenuEntry {
  path: string;
  labelKey: string;
  Icon: SvgIconComponent;
}

/** An entry that lists a resource: its name, and the title of its create page (a card with both on /home). */
export interface ResourceMenuEntry extends MenuEntry {
  resource: ResourceName;
  newLabelKey: string;
}

export const isResourceEntry = (entry: MenuEntry): entry is ResourceMenuEntry => 'resource' in entry;

const tenants: ResourceMenuEntry = {
  path: '/tenants',
  labelKey: 'menu.tenants',
  Icon: ApartmentIcon,
  resource: 'tenants',
  newLabelKey: 'pages.tenantNew',
};
const users: ResourceMenuEntry = {
  path: '/users',
  labelKey: 'menu.users',
  Icon: PeopleIcon,
  resource: 'users',
  newLabelKey: 'pages.userNew',
};
const companies: ResourceMenuEntry = {
  path: '/companies',
  labelKey: 'menu.companies',
  Icon: BusinessIcon,
  resource: 'companies',
  newLabelKey: 'pages.companyNew',
};
const contents: ResourceMenuEntry = {
  path: '/contents',
  labelKey: 'menu.contents',
  Icon: ArticleIcon,
  resource: 'contents',
  newLabelKey: 'pages.contentNew',
};
const topics: ResourceMenuEntry = {
  path: '/topics',
  labelKey: 'menu.topics',
  Icon: LabelIcon,
  resource: 'topics',
  newLabelKey: 'pages.topicNew',
};
/** The audit log, for the admins of many companies; a COMPANY admin reads each record's History instead. */
const activity: MenuEntry = { path: '/activity', labelKey: 'menu.activity', Icon: HistoryIcon };
const trainingPlans: ResourceMenuEntry = {
  path: '/training-plans',
  labelKey: 'menu.trainingPlans',
  Icon: SchoolIcon,
  resource: 'training-plans',
  newLabelKey: 'pages.trainingPlanNew',
};

export const menuByScope: Record<Scope, MenuEntry[]> = {
  GLOBAL: [tenants, users, activity],
  TENANT: [companies, users, activity],
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
