import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import ArticleIcon from '@mui/icons-material/Article';
import BusinessIcon from '@mui/icons-material/Business';
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
const trainingPlans: MenuEntry = { path: '/training-plans', labelKey: 'menu.trainingPlans', Icon: SchoolIcon };

export const menuByScope: Record<Scope, MenuEntry[]> = {
  GLOBAL: [tenants, users],
  TENANT: [companies, users],
  COMPANY: [users, contents, topics, trainingPlans],
};
