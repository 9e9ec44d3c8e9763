import Link from '@mui/material/Link';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { EnrolmentStatus, UserEnrolment } from '../../domain/delivery';
import { fieldOf } from '../../machines/form-fields';
import { selectRecord } from '../../machines/form.machine';
import type { ListMachine } from '../../machines/list.machine';
import { selectSessionState } from '../../machines/session.machine';
import { useConsoleActorRef, useDeliveryMachines, useSessionActor } from '../actors';
import type { FormActor } from '../form/form-actor';
import type { ListConfig } from '../list/list-config';
import { DeliveryPanel } from './DeliveryPanel';
import { enrolmentColumns, EnrolmentStatusFilter } from './enrolment-columns';

/** A learner's plans; the plan's name leads to its page for the COMPANY admin, who alone opens plans. */
const userPlansList = (linkPlans: boolean): ListConfig<UserEnrolment> => ({
  titleKey: 'delivery.userPlans',
  allowedSorts: ['enrolledAt', 'dueDate', 'progress', 'lastActivityAt'],
  columns: [
    {
      field: 'planName',
      headerKey: 'delivery.plan',
      onPhone: true,
      render: ({ planName, trainingPlanId }) =>
        linkPlans ? (
          <Link component={RouterLink} href={`/training-plans/${trainingPlanId}`}>
            {planName}
          </Link>
        ) : (
          planName
        ),
    },
    ...enrolmentColumns<UserEnrolment>(),
  ],
  readOnly: true,
  deletable: false,
});

/**
 * Below a saved COMPANY user's form (issue 27): the learner's training plans (status, progress, due date, last
 * activity), a page at a time, sorted, searched by plan and filtered by status.
 */
export function UserPlans({ form }: { form: FormActor }) {
  const record = useSelector(form, selectRecord);
  const id = fieldOf(record, 'id');
  if (typeof id !== 'string' || !id || fieldOf(record, 'scope') !== 'COMPANY') return null;
  return <PlansOf key={id} userId={id} />;
}

function PlansOf({ userId }: { userId: string }) {
  const { userEnrolments } = useDeliveryMachines();
  const machine = useMemo(() => userEnrolments(userId), [userEnrolments, userId]);
  const [status, setStatus] = useState<EnrolmentStatus | ''>('');
  const linkPlans = useSelector(useSessionActor(), selectSessionState)?.user.scope === 'COMPANY';
  const config = useMemo(() => userPlansList(linkPlans), [linkPlans]);
  // A status is a filter of the list: another status starts another list.
  return <PlansTable key={status} machine={machine} config={config} status={status} onStatus={setStatus} />;
}

function PlansTable({
  machine,
  config,
  status,
  onStatus,
}: {
  machine: ListMachine<UserEnrolment>;
  config: ListConfig<UserEnrolment>;
  status: EnrolmentStatus | '';
  onStatus: (status: EnrolmentStatus | '') => void;
}) {
  const list = useConsoleActorRef(machine, { input: { allowedSorts: config.allowedSorts, filters: status ? { status } : {} } });
  return (
    <DeliveryPanel
      list={list}
      config={config}
      basePath="/training-plans"
      actions={<EnrolmentStatusFilter status={status} onStatus={onStatus} />}
    />
  );
}
