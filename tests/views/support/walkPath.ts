import { expect } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { AnyActorRef, EventObject } from 'xstate';
import type { ModelPath } from '../../machines/modelPaths';
import { leafOf } from '../../machines/oracles/leafOf';
import type { createUiStateCoverage } from './uiStateCoverage';

export interface PathThroughViews {
  /** The actor of the machine the path is of, inside the rendered console. */
  actor: AnyActorRef;
  /** Does what a step's event says (through the views where a user does it); `from` is the state before. */
  perform: (event: EventObject, from: string) => Promise<unknown>;
  /** Asserts what the user sees in each state (`from`: the state before; `event`: the step's). */
  sees: Record<string, (from: string, event: EventObject) => Promise<void>>;
  coverage: ReturnType<typeof createUiStateCoverage>;
}

/** Replays a path on a rendered console, checking at every step what the user sees and counting the state as checked. */
export async function walkPath(path: ModelPath, { actor, perform, sees, coverage }: PathThroughViews): Promise<void> {
  const see = async (state: string, from: string, event: EventObject) => {
    const expectation = sees[state];
    if (!expectation) throw new Error(`Nothing says what the user sees in ${state}`);
    await expectation(from, event);
    coverage.checked(state);
  };
  let from = leafOf(path.steps[0].state.value);
  await waitFor(() => expect(leafOf(actor.getSnapshot().value), path.description).toBe(from));
  await see(from, '', path.steps[0].event);
  for (const step of path.steps.slice(1)) {
    await perform(step.event, from);
    const expected = leafOf(step.state.value);
    await waitFor(() => expect(leafOf(actor.getSnapshot().value), path.description).toBe(expected));
    await see(expected, from, step.event);
    from = expected;
  }
}
