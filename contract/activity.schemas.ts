import { Type } from 'typebox';
import { NamedRef, OneOf, Uuid } from './common.schemas';
import { auditActions, auditEntities, scopes } from './values';

const NullableRef = Type.Union([NamedRef, Type.Null()]);

/** One row of the audit log as the console shows it: who did what to which record, when; never a value, only field names. */
export const ActivityEntry = Type.Object(
  {
    id: Uuid,
    at: Type.String({ format: 'date-time' }),
    action: OneOf(auditActions),
    entity: Type.String({ description: auditEntities.join(', ') }),
    entityId: Type.Union([Uuid, Type.Null()]),
    entityName: Type.Union([Type.String(), Type.Null()], {
      description: "The record's name as it is now (a user's full name, a content's title); null when it has none or is deleted",
    }),
    actor: Type.Union([
      Type.Object(
        { id: Uuid, name: Type.String(), email: Type.String(), scope: OneOf(scopes) },
        { title: 'ActivityActor', description: 'The person acting as they were when the row was written; never a secret' },
      ),
      Type.Null({ description: 'No user acted (see `system`), or the user was deleted before the audit kept its actors' }),
    ]),
    system: Type.Union([Type.Literal('video-service'), Type.Literal('processing-timeout'), Type.Null()], {
      description: 'The system that acted when no user did: the video service, or the console failing a video that waited too long',
    }),
    assumedTenant: Type.Union([NamedRef, Type.Null()], { description: 'The tenant a GLOBAL admin acted as' }),
    tenant: NullableRef,
    company: NullableRef,
    changed: Type.Array(Type.String(), { description: 'Names of the fields written (password, never its value)' }),
  },
  { title: 'ActivityEntry' },
);

export const activityFilters = {
  actorId: Type.Optional(Uuid),
  actor: Type.Optional(Type.String({ maxLength: 100, description: "Part of the actor's name or email, as the row kept it" })),
  entity: Type.Optional(OneOf(auditEntities)),
  entityId: Type.Optional(Uuid),
  action: Type.Optional(OneOf(auditActions)),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'At or after' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Before; after `from` when both are given' })),
};
