import type { ActorRef } from 'xstate';
import type { ListEvent, ListItem, ListState } from '../../machines/list.machine';

/** A list actor as the views use it: they select from its state and send it events; its rows are `Row`. */
export type ListActor<Row extends ListItem = ListItem> = ActorRef<ListState<Row>, ListEvent>;
