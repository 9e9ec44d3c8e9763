import type { ActorRef } from 'xstate';
import type { OrderedItem, OrderedListEvent, OrderedListState } from '../../machines/ordered-list.machine';

/** An ordered list actor as the views use it: they select from its state and send it events; its rows are `Row`. */
export type OrderedActor<Row extends OrderedItem = OrderedItem> = ActorRef<OrderedListState<Row>, OrderedListEvent>;
