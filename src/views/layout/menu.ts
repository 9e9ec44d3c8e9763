import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArticleIcon from '@mui/icons-material/Article';
import BusinessIcon from '@mui/icons-material/Business';
import HistoryIcon from '@mui/icons-material/History';
import LabelIcon from '@mui/icons-material/Label';
import PeopleIcon from '@mui/icons-material/People';
import SchoolIcon from '@mui/icons-material/School';
import type { Scope } from '../../domain/session';

export interface MenuEntry {
  path: string;
  labelKey: string;
  Icon: SvgIconComponent;
}

const tenants: MenuEntry = { path: '/tenants', labelKey: 'menu.tenants', Icon: ApartmentIcon };
const users: MenuEntry = { path: '/users', labelKey: 'menu.users', Icon: PeopleIcon };
const companies: MenuEntry = { path: '/companies', labelKey: 'menu.companies', Icon: BusinessIcon };
const contents: MenuEntry = { path: '/contents', labelKey: 'menu.contents', Icon: ArticleIcon };
const topics: MenuEntry = { path: '/topics', labelKey: 'menu.topics', Icon: LabelIcon };
/** The audit log, for the admins of many companies; a COMPANY admin reads each record's History instead. */
const activity: MenuEntry = { path: '/activity', labelKey: 'menu.activity', Icon: HistoryIcon };
const trainingPlans: MenuEntry = { path: '/training-plans', labelKey: 'menu.trainingPlans', Icon: SchoolIcon };

export const menuByScope: Record<Scope, MenuEntry[]> = {
  GLOBAL: [tenants, users, activity],
  TENANT: [companies, users, activity],
  COMPANY: [users, contents, topics, trainingPlans],
};
