import type { quizExchangeMachine } from '../machines/quiz-exchange.machine';
import type { quizPreviewMachine } from '../machines/quiz-preview.machine';
import { createContext, useContext } from 'react';
import { useActorRef } from '@xstate/react';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, AnyStateMachine } from 'xstate';
import type { ActivityEntry } from '../domain/activity';
import type { ReportName, ReportRows } from '../domain/reports';
import type { Enrolment, GroupMember, LrsCredential, PlanAssignment, UserEnrolment } from '../domain/delivery';
import type { ResourceName, ResourceRecords } from '../domain/resource';
import type { TrainingPlanItem, TrainingPlanModule } from '../domain/training-plans';
import type { accountActionsMachine } from '../machines/account-actions.machine';
import type { accountLinkMachine } from '../machines/account-link.machine';
import type { contentWizardMachine } from '../machines/content-wizard.machine';
import type { formMachine } from '../machines/form.machine';
import type { listExportMachine } from '../machines/list-export.machine';
import type { ListItem, ListMachine } from '../machines/list.machine';
import type { notificationsMachine } from '../machines/notifications.machine';
import type { savedViewsMachine } from '../machines/saved-views.machine';
import type { OrderedItem, OrderedListMachine } from '../machines/ordered-list.machine';
import type { sessionMachine } from '../machines/session.machine';
import type { twoFactorMachine } from '../machines/two-factor.machine';
import type { videoAccessMachine } from '../machines/video-access.machine';
import type { UserImportInput, userImportMachine } from '../machines/user-import.machine';

/** A resource's list and form machines, given their API calls by src/app; the list's rows are the resource's records. */
export interface ResourceMachines<Row extends ListItem = ListItem> {
  list: ListMachine<Row>;
  form: typeof formMachine;
  /** The CSV export of the list, saved as a file by src/app. */
  export: typeof listExportMachine;
}

/** The machines that reach the video service, given their token and API calls by src/app. */
export interface VideoMachines {
  /** The two-step content creation with the uploader. */
  wizard: typeof contentWizardMachine;
  /** A token for the player of a content. */
  player: typeof videoAccessMachine;
}

/** A plan's modules or a module's items: the form of one and the ordered table of all, given their API calls by src/app. */
export interface OrderedMachines<Row extends OrderedItem = OrderedItem> {
  form: typeof formMachine;
  ordered: OrderedListMachine<Row>;
}

export interface TrainingPlanMachines {
  modules: (planId: string) => OrderedMachines<TrainingPlanModule>;
  items: (planId: string, moduleId: string) => OrderedMachines<TrainingPlanItem>;
}

/** The signed-in user's own settings: the name (loaded and saved as `users/me`) and the password change, given their calls by src/app. */
export interface SettingsMachines {
  profile: typeof formMachine;
  password: typeof formMachine;
  /** Settings → Security: the user's own two-factor sign-in. */
  twoFactor: typeof twoFactorMachine;
}

/** An admin's actions on accounts (issue 30), each a panel reading its subject and running its actions. */
export interface AccountMachines {
  /** A user's page: the account (invitation, second factor), send the invitation again, reset the second factor. */
  user: typeof accountActionsMachine;
  /** A tenant's page: whether its admins must use two-factor sign-in (GLOBAL admins). */
  tenantPolicy: typeof accountActionsMachine;
  /** The platform's policy for GLOBAL admins. */
  platformPolicy: typeof accountActionsMachine;
  /** The users list: invitations sent again to several users, with the outcome of each. */
  invitations: typeof accountActionsMachine;
}

/** A group's member as a list row: its user's id is the row's. */
export type GroupMemberRow = GroupMember & ListItem;

/** An LRS credential as a list row: `state` says whether it may still be revoked. */
export type LrsCredentialRow = LrsCredential & { state: 'ACTIVE' | 'REVOKED' };

/** Learning delivery (issue 27): a group's members and a plan's assignments, each a list and a create-only form. */
export interface DeliveryMachines {
  members: (groupId: string) => { list: ListMachine<GroupMemberRow>; add: typeof formMachine };
  assignments: (planId: string) => { list: ListMachine<PlanAssignment>; assign: typeof formMachine };
  /** A plan's learners: their enrolments as a list, and the summary (counts, completions per day) loaded as a record. */
  learners: (planId: string) => { list: ListMachine<Enrolment>; summary: typeof formMachine; export: typeof listExportMachine };
  /** A learner's enrolments on the user's page. */
  userEnrolments: (userId: string) => ListMachine<UserEnrolment>;
  /** What needs a COMPANY admin's attention on /home, loaded as a record. */
  attention: typeof formMachine;
  /** The company's LRS credentials: the list (its Delete revokes) and the create form, whose record holds the secret once. */
  lrsCredentials: { list: ListMachine<LrsCredentialRow>; create: typeof formMachine };
}

/** The machines of the signed-in screens. */
export interface ConsoleMachines {
  resources: { [Name in ResourceName]: ResourceMachines<ResourceRecords[Name]> };
  video: VideoMachines;
  trainingPlans: TrainingPlanMachines;
  settings: SettingsMachines;
  /** The audit log as a list: a record's History, the Activity page. */
  activity: ListMachine<ActivityEntry>;
  /** The completion reports (issue 27), each a read-only list. */
  reports: { [Name in ReportName]: ListMachine<ReportRows[Name]> };
  accounts: AccountMachines;
  /** A quiz's preview as a learner takes it, scored by the server. */
  quizPreview: typeof quizPreviewMachine;
  /** A quiz's QTI 3.0 export, and the import of a package as a new quiz. */
  quizExchange: typeof quizExchangeMachine;
  delivery: DeliveryMachines;
  /** A list's saved views (issue 29): its "Views" menu, started with the list's path. */
  savedViews: typeof savedViewsMachine;
  /** The CSV import of users, and the input of each new import (its id, the remembered mapping); absent: no import. */
  userImport?: { machine: typeof userImportMachine; input: () => UserImportInput };
}

export interface ConsoleActors {
  session: ActorRefFrom<typeof sessionMachine>;
  notifications: ActorRefFrom<typeof notificationsMachine>;
  /** The signed-out pages of one-time links: accepting an invitation, forgetting and resetting a password. */
  accountLink: typeof accountLinkMachine;
  /**
   * The signed-in screens' machines: at once, or while their code is on its way (in the browser it is a chunk of
   * the signed-in console) a promise of them. Every call answers the same machines, or the same promise.
   */
  machines: () => ConsoleMachines | Promise<ConsoleMachines>;
  /**
   * Given to every actor the console starts, the session's and the views' alike: an inspector that watches
   * what they do (QA measures path coverage with it) and the clock their delays run on. Unset in production.
   */
  actorOptions?: ConsoleActorOptions;
}

export type ConsoleActorOptions = Pick<ActorOptions<AnyActorLogic>, 'inspect' | 'clock'>;

const ActorsContext = createContext<ConsoleActors | null>(null);

export const ActorsProvider = ActorsContext.Provider;

export function useActors(): ConsoleActors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('Views need an <ActorsProvider>.');
  return actors;
}

const MachinesContext = createContext<ConsoleMachines | null>(null);

/** Around the signed-in screens, once their machines are there. */
export const MachinesProvider = MachinesContext.Provider;

function useMachines(): ConsoleMachines {
  const machines = useContext(MachinesContext);
  if (!machines) throw new Error('Signed-in views need a <MachinesProvider>.');
  return machines;
}

export const useSessionActor = () => useActors().session;
export const useNotificationsActor = () => useActors().notifications;
export const useResourceMachines = <Name extends ResourceName>(resource: Name) => useMachines().resources[resource];
export const useVideoMachines = () => useMachines().video;
export const useTrainingPlanMachines = () => useMachines().trainingPlans;
export const useSettingsMachines = () => useMachines().settings;
export const useActivityMachine = () => useMachines().activity;
export const useReportMachine = <Name extends ReportName>(name: Name) => useMachines().reports[name];
export const useUserImportMachine = () => useMachines().userImport;
export const useAccountMachines = () => useMachines().accounts;
export const useQuizPreviewMachine = () => useMachines().quizPreview;
export const useQuizExchangeMachine = () => useMachines().quizExchange;
export const useDeliveryMachines = () => useMachines().delivery;
export const useSavedViewsMachine = () => useMachines().savedViews;
export const useAccountLinkMachine = () => useActors().accountLink;

/** A view's own actor, started with the console's actor options (see {@link ConsoleActors.actorOptions}). */
export function useConsoleActorRef<TMachine extends AnyStateMachine>(machine: TMachine, options: ActorOptions<TMachine> = {}) {
  return useActorRef(machine, { ...options, ...useActors().actorOptions });
}
