import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type AnyStateMachine, type AnyStateNode } from 'xstate';
import type { Failure } from '../../src/domain/failure';
import { notProvided } from '../../src/machines/not-provided';
import { deleteFailedNotice, serverCode } from '../../src/machines/outcomes';
import { registry } from '../support/models/registry';

describe('outcomes: what a refused deletion tells the user', () => {
  it("gives the server's reason, and its code and values for the view to translate", () => {
    const refused: Failure = {
      kind: 'http',
      status: 409,
      message: 'Plan is published',
      code: 'PLAN_PUBLISHED',
      params: { plan: 'Onboarding' },
    };
    expect(deleteFailedNotice(refused)).toEqual({
      severity: 'error',
      messageKey: 'feedback.deleteFailedBecause',
      values: { reason: 'Plan is published' },
      code: 'PLAN_PUBLISHED',
      params: { plan: 'Onboarding' },
    });
  });

  it('says only that the deletion failed when the server gave no reason, or no answer', () => {
    const failures: Failure[] = [
      { kind: 'http', status: 500 },
      { kind: 'network', status: 'FETCH_ERROR' },
    ];
    for (const failure of failures)
      expect(deleteFailedNotice(failure)).toStrictEqual({ severity: 'error', messageKey: 'feedback.deleteFailed' });
  });

  it("names the server's code with its values only when both came, and nothing for a failure without a code", () => {
    expect(serverCode({ kind: 'http', status: 409, code: 'IN_USE' })).toStrictEqual({ code: 'IN_USE' });
    expect(serverCode({ kind: 'http', status: 409, code: 'IN_USE', params: { count: 2 } })).toStrictEqual({
      code: 'IN_USE',
      params: { count: 2 },
    });
    expect(serverCode({ kind: 'http', status: 409, message: 'In use' })).toStrictEqual({});
    expect(serverCode({ kind: 'timeout', status: 'TIMEOUT_ERROR' })).toStrictEqual({});
  });
});

describe('an effect a machine declares but nobody provided', () => {
  it('fails, naming the effect', async () => {
    const actor = createActor(notProvided<string>('fetchPage'));
    const failed = new Promise((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await failed).toEqual(new Error('fetchPage is not provided'));
  });
});

/** Every machine of src/machines under test, by its file's name (the registry of the test plans). */
const machines: Record<string, AnyStateMachine> = Object.fromEntries(registry.map(({ name, machine }) => [name, machine]));

/** The effects (actors) a machine's states invoke, by the name the app provides them under. */
const invokedBy = (node: AnyStateNode): string[] => [
  ...node.invoke.flatMap(({ src }) => (typeof src === 'string' ? [src] : [])),
  ...Object.values(node.states).flatMap(invokedBy),
];

const failureOf = async (logic: AnyActorLogic) => {
  const actor = createActor(logic, { input: undefined });
  const failed = new Promise((resolve) => actor.subscribe({ error: resolve }));
  actor.start();
  return failed;
};

/** The actors a machine runs as it declares them (the wizard's form, a bridge hearing nothing until provided), not stand-ins. */
const runAsDeclared: Record<string, string[]> = { 'content-wizard': ['contentForm', 'uploaderBridge'] };

describe('the effects a machine invokes, as it declares them before the app provides them', () => {
  it('are declared by every machine of src/machines', () => {
    const files = readdirSync(new URL('../../src/machines/', import.meta.url)).filter((file) => file.endsWith('.machine.ts'));
    expect(Object.keys(machines).sort()).toEqual(files.map((file) => file.replace('.machine.ts', '')).sort());
  });

  it.each(Object.entries(machines))('%s: each has a stand-in that fails naming it', async (name, machine) => {
    const declared = runAsDeclared[name] ?? [];
    for (const effect of new Set(invokedBy(machine.root))) {
      const logic = (machine.implementations.actors as Record<string, AnyActorLogic | undefined>)[effect];
      expect(logic, `the logic of ${effect}`).toBeDefined();
      if (!declared.includes(effect)) expect(await failureOf(logic!), effect).toEqual(new Error(`${effect} is not provided`));
    }
  });
});
