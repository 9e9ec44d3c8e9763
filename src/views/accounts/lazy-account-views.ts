import { lazyView } from '../lazy-view';

/** The account views' chunk (`route-chunks.ts`: `accountScreens`), fetched by the users' and tenants' screens alone. */
export const accountScreens = () => import('./account-screens');

export const UserAccountPanel = lazyView(() => accountScreens().then((module) => module.UserAccountPanel));
export const TenantSecurityPanel = lazyView(() => accountScreens().then((module) => module.TenantSecurityPanel));
export const PlatformSecurityPanel = lazyView(() => accountScreens().then((module) => module.PlatformSecurityPanel));
export const ResendInvitationsButton = lazyView(() => accountScreens().then((module) => module.ResendInvitationsButton));
