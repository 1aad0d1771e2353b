import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/**
 * Transition coverage of a machine: every transition of its definition (state × event → target,
 * one per guarded branch, including eventless, delayed, done and error transitions), and which of
 * them real actors have taken (seen through the actors' `@xstate.microstep` inspection events).
 */

/** A stable name for a transition: source, event, branch, guard, targets. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source: AnyStateNode = transition.source;
  const siblings = transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  const branch = siblings.indexOf(transition);
  const guard = describeGuard(transition.guard);
  const targets = transition.target?.map((target: AnyStateNode) => `#${target.id}`).join(',') ?? '(self)';
  return `#${source.id} --${transition.eventType || '(always)'}[${branch}]${guard ? ` if ${guard}` : ''}--> ${targets}`;
}

function describeGuard(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'inline';
  return 'guard';
}

/** Every transition of the machine's definition. */
export function transitionsOf(machine: AnyStateMachine): string[] {
  const nodes: AnyStateNode[] = [machine.root, ...getStateNodes(machine.root)];
  return nodes.flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map(transitionKey));
}

export interface TransitionCoverage {
  /** Pass as the `inspect` option of the actors under test. */
  inspect: (event: InspectionEvent) => void;
  /** Marks the transitions of one microstep as taken. */
  record: (transitions: readonly AnyTransitionDefinition[]) => void;
  covered: () => string[];
  uncovered: () => string[];
  total: number;
  /** Prints `transitions <name>: <covered>/<total>`. */
  report: () => string;
}

export function createTransitionCoverage(name: string, machine: AnyStateMachine): TransitionCoverage {
  const all = transitionsOf(machine);
  const taken = new Set<string>();
  const record = (transitions: readonly AnyTransitionDefinition[]) => {
    for (const transition of transitions) taken.add(transitionKey(transition));
  };
  return {
    inspect: (event) => {
      // Only the machine under test: its invoked children are other logic.
      const logic = (event.actorRef as unknown as { logic?: { id?: string } }).logic;
      if (event.type === '@xstate.microstep' && logic?.id === machine.id) {
        record((event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions);
      }
    },
    record,
    covered: () => all.filter((key) => taken.has(key)),
    uncovered: () => all.filter((key) => !taken.has(key)),
    total: all.length,
    report: () => {
      const line = `transitions ${name}: ${all.filter((key) => taken.has(key)).length}/${all.length}`;
      console.log(line);
      return line;
    },
  };
}
