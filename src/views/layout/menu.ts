import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArticleIcon from '@mui/icons-material/Article';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BusinessIcon from '@mui/icons-material/Business';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import LabelIcon from '@mui/icons-material/Label';
import GroupsIcon from '@mui/icons-material/Groups';
import PeopleIcon from '@mui/icons-material/People';
import QuizIcon from '@mui/icons-material/Quiz';
import SchoolIcon from '@mui/icons-material/School';
import type { ResourceName } from '../../domain/resource';
import type { Scope } from '../../domain/session';
import { sectionPathsByScope } from './sections';

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

/** Completion reports (issue 27): per company for the admins of many companies, per plan and group for a company's. */
const reports: MenuEntry = { path: '/reports', labelKey: 'menu.reports', Icon: AssessmentIcon };

/** The Learning Record Store's credentials (issue 27): what a company's learner apps send their xAPI statements with. */
const lrsCredentials: MenuEntry = { path: '/lrs-credentials', labelKey: 'menu.lrsCredentials', Icon: KeyIcon };

const quizzes: ResourceMenuEntry = {
  path: '/quizzes',
  labelKey: 'menu.quizzes',
  Icon: QuizIcon,
  resource: 'quizzes',
  newLabelKey: 'pages.quizNew',
};

const groups: ResourceMenuEntry = {
  path: '/groups',
  labelKey: 'menu.groups',
  Icon: GroupsIcon,
  resource: 'groups',
  newLabelKey: 'pages.groupNew',
};

const entries = [tenants, users, groups, companies, contents, topics, quizzes, activity, trainingPlans, reports, lrsCredentials];

/** Each scope's menu: the entries of its sections, in their order. */
export const menuByScope = Object.fromEntries(
  Object.entries(sectionPathsByScope).map(([scope, paths]) => [scope, paths.map((path) => entries.find((entry) => entry.path === path)!)]),
) as Record<Scope, MenuEntry[]>;

export { mayOpen } from './sections';
