import { expect } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';

/**
 * Which of a machine's states a test saw through the rendered console: every leaf state (as
 * `parent.child`) but those `unseen` names with the reason a user cannot see them.
 */
export function createUiStateCoverage(name: string, machine: AnyStateMachine, unseen: Record<string, string> = {}) {
  const leaves = (getStateNodes(machine.root) as AnyStateNode[])
    .filter((node) => node.type === 'atomic')
    .map((node) => node.path.join('.'));
  const all = leaves.filter((leaf) => !(leaf in unseen));
  const checked = new Set<string>();
  return {
    /** Marks `state` as checked: call after asserting what the user sees in it. */
    checked: (state: string) => {
      expect(all, `a state the user can see: ${state}`).toContain(state);
      checked.add(state);
    },
    unchecked: () => all.filter((leaf) => !checked.has(leaf)),
    /** Prints `ui states <name>: <checked>/<total>`. */
    report: () => {
      const line = `ui states ${name}: ${checked.size}/${all.length}`;
      console.log(line);
      return line;
    },
  };
}
