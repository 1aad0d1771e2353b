import { vi, expect } from 'vitest';
import {
  createActor,
  fromPromise,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type InspectionEvent,
  type EventObject,
} from 'xstate';
import { getShortestPaths, getStateNodes, type StatePath } from 'xstate/graph';
import { transitionKey, type TransitionCoverage } from './coverage';

/**
 * Model-based testing without @xstate/test (whose createTestModel refuses machines that invoke or
 * delay): paths are generated on the machine's graph with xstate/graph, then replayed on a real
 * actor whose invoked actors are controllable fakes and whose delays run on fake timers.
 *
 * A graph step is an event. On the real actor it happens the way it would in the console:
 * - an ordinary event is sent;
 * - `xstate.done.actor.<id>` / `xstate.error.actor.<id>` settles the fake actor invoked as <id>
 *   with the event's `output` / `error`;
 * - `xstate.after.<delay>.<state>` advances the fake clock by that delay.
 */

export interface Model<TMachine extends AnyStateMachine> {
  /** The machine with the implementations the model needs (no parent, pure guards). */
  machine: TMachine;
  input?: unknown;
  /** Variants of each event type to try; a type not listed is tried as `{ type }`, an empty list never. */
  events?: { [K in EventFromLogic<TMachine>['type']]?: Extract<EventFromLogic<TMachine>, { type: K }>[] };
  /** Outputs each invoked src may resolve with (default: one `undefined`). */
  outputs?: Record<string, unknown[]>;
  /** Errors each invoked src may reject with (default: one Error). */
  errors?: Record<string, unknown[]>;
  /** Keeps the graph small: whether to try an event in a state at all. */
  filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /** Keeps the graph finite: which part of a snapshot makes a state distinct. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** A short name for an event in path descriptions, when the default one says too little. */
  label?: (event: EventObject) => string | undefined;
  /** Delay lengths in ms by delay name, for replay. */
  delays?: Record<string, number | ((snapshot: AnyMachineSnapshot) => number)>;
}

export type ModelPath = StatePath<AnyMachineSnapshot, EventObject> & { description: string };

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** Invoke ids → src names, over every state node. */
function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const sources = new Map<string, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)] as AnyStateNode[]) {
    for (const invoke of node.invoke) sources.set(invoke.id, typeof invoke.src === 'string' ? invoke.src : invoke.id);
  }
  return sources;
}

function eventsFor<TMachine extends AnyStateMachine>(model: Model<TMachine>, sources: Map<string, string>) {
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const types = new Set<string>((snapshot._nodes as AnyStateNode[]).flatMap((node) => [...node.transitions.keys()]));
    const all = [...types].flatMap((type): EventObject[] => {
      if (type.startsWith(DONE)) {
        const src = sources.get(type.slice(DONE.length)) ?? '';
        return (model.outputs?.[src] ?? [undefined]).map((output) => ({ type, output }));
      }
      if (type.startsWith(ERROR)) {
        const src = sources.get(type.slice(ERROR.length)) ?? '';
        return (model.errors?.[src] ?? [new Error(`${src} failed`)]).map((error) => ({ type, error }));
      }
      if (type.startsWith(AFTER) || type.includes('*')) return [{ type }];
      return (model.events as Record<string, EventObject[]> | undefined)?.[type] ?? [{ type }];
    });
    return model.filterEvents ? all.filter((event) => model.filterEvents?.(snapshot, event)) : all;
  };
}

/** A short description of a step: `NAVIGATE(to=/site)`, `done:signIn(token=token-ada)`, `error:signIn(code=100020)`. */
function describeEvent(event: EventObject, sources?: Map<string, string>, label?: Model<AnyStateMachine>['label']): string {
  const custom = label?.(event);
  if (custom) return custom;
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const shown = (value: unknown): string => {
    if (value instanceof Error) return value.message;
    if (typeof value !== 'object' || value === null) return String(value);
    const record = value as Record<string, unknown>;
    const key = ['to', 'code', 'token', 'id', 'username', 'type', 'reason'].find((name) => name in record);
    return key ? `${key}=${shown(record[key])}` : '{…}';
  };
  const details = Object.entries(payload)
    .map(([key, value]) => (key === 'output' || key === 'error' ? shown(value) : `${key}=${shown(value)}`))
    .join(', ');
  let name = type;
  if (type.startsWith(DONE)) name = `done:${sources?.get(type.slice(DONE.length)) ?? type}`;
  if (type.startsWith(ERROR)) name = `error:${sources?.get(type.slice(ERROR.length)) ?? type}`;
  if (type.startsWith(AFTER)) name = `after:${type.slice(AFTER.length).split('.')[0]}`;
  return details ? `${name}(${details})` : name;
}

/**
 * Paths that together take every transition the model's events can reach, and few of them.
 *
 * xstate/graph's getShortestPaths gives the shortest path to every state of the model's graph;
 * each (state, event) pair extends one of them by a step. The pairs are tried shortest first on a
 * probe that records which transitions a step takes, and a pair is kept when it takes a transition
 * that no kept path takes yet. The graph may merge snapshots that differ in context the model
 * leaves out of `serializeState`; so each kept path's expected states are computed again, exactly,
 * by running its events through the machine from its initial snapshot.
 */
export function transitionPaths<TMachine extends AnyStateMachine>(model: Model<TMachine>): ModelPath[] {
  const sources = invokeSources(model.machine);
  const events = eventsFor(model, sources);
  const shortest = getShortestPaths(model.machine, {
    events,
    input: model.input,
    limit: 50_000,
    // A machine that is done takes no more events.
    stopWhen: (snapshot: AnyMachineSnapshot) => snapshot.status !== 'active',
    ...(model.serializeState ? { serializeState: model.serializeState } : {}),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- xstate/graph's generic options
  } as any) as StatePath<AnyMachineSnapshot, EventObject>[];

  const probe = createProbe(model);
  const candidates = shortest
    .filter((path) => path.state.status === 'active')
    .sort((a, b) => a.steps.length - b.steps.length)
    .flatMap((head) => events(head.state).map((event) => ({ head, event })));

  const covered = new Set<string>();
  const paths: ModelPath[] = [];
  const keep = (eventsOfPath: EventObject[]) => {
    const path = probe.run(eventsOfPath);
    if (!path) return;
    path.transitions.forEach((key) => covered.add(key));
    paths.push({
      state: path.state,
      steps: path.steps,
      weight: path.steps.length,
      description: describePath(path.steps, sources, model.label),
    });
  };
  keep([]);
  for (const { head, event } of candidates) {
    if (model.machine.getTransitionData(head.state, event).length === 0) continue;
    const taken = probe.step(head.state, event);
    if (taken.some((key) => !covered.has(key))) {
      keep([...head.steps.map((step) => step.event).filter((step) => step.type !== 'xstate.init'), event]);
    }
  }
  return paths;
}

/**
 * Paths that together visit every state the model's events reach, and few of them: the shortest
 * path to each state (by value alone), less those another kept path goes through step for step.
 * For replays that cost much per path (the rendered console), where one path per transition would
 * be too many.
 */
export function statePaths<TMachine extends AnyStateMachine>(model: Model<TMachine>): ModelPath[] {
  const sources = invokeSources(model.machine);
  const shortest = getShortestPaths(model.machine, {
    events: eventsFor(model, sources),
    input: model.input,
    limit: 50_000,
    stopWhen: (snapshot: AnyMachineSnapshot) => snapshot.status !== 'active',
    serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- xstate/graph's generic options
  } as any) as StatePath<AnyMachineSnapshot, EventObject>[];
  const described = shortest.map((path) => {
    const events = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
    // The description may say the same of two events (two users of one id): their content tells them apart.
    return { events, names: events.map((event) => `${describeEvent(event, sources, model.label)} ${JSON.stringify(event)}`) };
  });
  const within = (a: string[], b: string[]) => a.length < b.length && a.every((name, index) => name === b[index]);
  const probe = createProbe(model);
  return described
    .filter((path) => !described.some((other) => within(path.names, other.names)))
    .sort((a, b) => a.names.join().localeCompare(b.names.join()))
    .flatMap((path) => {
      const run = probe.run(path.events);
      return run
        ? [{ state: run.state, steps: run.steps, weight: run.steps.length, description: describePath(run.steps, sources, model.label) }]
        : [];
    });
}

/** The paths no other path begins with: a longer path walks every step of its beginnings (for costly replays). */
export function longestOnly(paths: ModelPath[]): ModelPath[] {
  const eventsOf = (path: ModelPath) => path.steps.slice(1).map((step) => JSON.stringify(step.event));
  const lists = paths.map(eventsOf);
  const begins = (a: string[], b: string[]) => a.length < b.length && a.every((event, index) => event === b[index]);
  return paths.filter((_, index) => !lists.some((other) => begins(lists[index], other)));
}

/**
 * Runs the machine's pure transitions on a scope whose inspection records the transitions each
 * microstep takes (an actor that is never started lends its system).
 */
function createProbe<TMachine extends AnyStateMachine>(model: Model<TMachine>) {
  let taken: AnyTransitionDefinition[] = [];
  const record = <T>(run: () => T): [T, string[]] => {
    taken = [];
    const result = run();
    return [result, taken.map(transitionKey)];
  };
  /** An actor that is never started: its construction computes the initial snapshot, its system hosts the children. */
  const createLender = (): AnyActorRef =>
    createActor(model.machine as AnyStateMachine, {
      input: model.input,
      inspect: (event: InspectionEvent) => {
        const logic = (event.actorRef as unknown as { logic?: unknown }).logic;
        if (event.type === '@xstate.microstep' && logic === model.machine) {
          taken.push(...(event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions);
        }
      },
    });
  const scopeOf = (lender: AnyActorRef) => ({
    self: lender,
    system: lender.system,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  });
  const shared = scopeOf(createLender());
  return {
    /** The transitions one step takes. */
    step: (snapshot: AnyMachineSnapshot, event: EventObject): string[] =>
      record(() => model.machine.transition(snapshot, event, shared))[1],
    /** The exact states and transitions of a sequence of events; null when a step changes nothing. */
    run(events: EventObject[]) {
      const [lender, initial] = record(createLender);
      const scope = scopeOf(lender);
      let snapshot = lender.getSnapshot() as AnyMachineSnapshot;
      let transitions = initial;
      const steps: ModelPath['steps'] = [{ state: snapshot, event: { type: 'xstate.init' } }];
      for (const event of events) {
        if (snapshot.status !== 'active' || model.machine.getTransitionData(snapshot, event).length === 0) return null;
        const [next, keys] = record(() => model.machine.transition(snapshot, event, scope) as AnyMachineSnapshot);
        snapshot = next;
        transitions = [...transitions, ...keys];
        steps.push({ state: snapshot, event });
      }
      return { state: snapshot, steps, transitions };
    },
  };
}

function describePath(steps: ModelPath['steps'], sources: Map<string, string>, label: Model<AnyStateMachine>['label']): string {
  return (
    steps
      .slice(1)
      .map((step) => describeEvent(step.event, sources, label))
      .join(' → ') || '(start)'
  );
}

/** Invoked actors whose promises the replay settles. */
export function createFakeActors(srcs: readonly string[]) {
  const started = new Map<string, { input: unknown; resolve: (output: unknown) => void; reject: (error: unknown) => void }[]>();
  const logic = Object.fromEntries(
    srcs.map((src) => [
      src,
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            started.set(src, [...(started.get(src) ?? []), { input, resolve, reject }]);
          }),
      ),
    ]),
  );
  const latest = (src: string) => {
    const runs = started.get(src);
    if (!runs?.length) throw new Error(`No invoked '${src}' is running`);
    return runs[runs.length - 1];
  };
  return {
    logic,
    /** The input the latest `src` actor was invoked with. */
    inputOf: (src: string) => latest(src).input,
    resolve: (src: string, output: unknown) => latest(src).resolve(output),
    reject: (src: string, error: unknown) => latest(src).reject(error),
    started: (src: string) => started.get(src)?.length ?? 0,
  };
}

export type FakeActors = ReturnType<typeof createFakeActors>;

/** Lets promise callbacks run (fake timers do not stop microtasks). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/**
 * What a replay runs: the actor, the fakes its invoked actors are, and optionally an oracle — the
 * model's expectations on what the system under test did (what it persisted or announced, what the
 * fake services received), checked after the start and after every step. The graph's own states
 * come from the same machine, so only the oracle notices a wrong guard, target or action.
 */
export interface ReplayedSystem {
  actor: AnyActorRef;
  fakes: FakeActors;
  /** Throws (expect) when what the system did in the state it reached after `event` is wrong; `where` names the path and step. */
  oracle?: (snapshot: AnyMachineSnapshot, event: EventObject, where: string) => void;
}

/**
 * Replays a path on a real actor (fake actors provided, fake timers on) and checks that each step
 * reaches the state the graph predicts, and what the oracle expects there. Returns the actor for
 * further checks.
 */
export async function replay<TMachine extends AnyStateMachine>(
  model: Model<TMachine>,
  path: ModelPath,
  coverage: TransitionCoverage,
  create: (inspect: TransitionCoverage['inspect']) => ReplayedSystem,
): Promise<AnyActorRef> {
  const sources = invokeSources(model.machine);
  const { actor, fakes, oracle } = create(coverage.inspect);
  actor.start();
  await settle();
  oracle?.(actor.getSnapshot(), { type: 'xstate.init' }, path.description);
  for (const step of path.steps) {
    const { event } = step;
    if (event.type === 'xstate.init') continue;
    if (event.type.startsWith(DONE)) {
      fakes.resolve(sources.get(event.type.slice(DONE.length)) ?? '', (event as EventObject & { output: unknown }).output);
    } else if (event.type.startsWith(ERROR)) {
      fakes.reject(sources.get(event.type.slice(ERROR.length)) ?? '', (event as EventObject & { error: unknown }).error);
    } else if (event.type.startsWith(AFTER)) {
      const delay = event.type.slice(AFTER.length).split('.')[0];
      const length = model.delays?.[delay] ?? Number(delay);
      await vi.advanceTimersByTimeAsync(typeof length === 'function' ? length(actor.getSnapshot()) : length);
    } else {
      actor.send(event);
    }
    await settle();
    const where = `${path.description}\n  after ${describeEvent(event, sources, model.label)}`;
    expect(actor.getSnapshot().value, where).toEqual(step.state.value);
    oracle?.(actor.getSnapshot(), event, where);
  }
  return actor;
}

/** Replays every path; a failure names the path. Returns how many were replayed. */
export async function replayAll<TMachine extends AnyStateMachine>(
  model: Model<TMachine>,
  coverage: TransitionCoverage,
  create: (inspect: TransitionCoverage['inspect']) => ReplayedSystem,
): Promise<number> {
  const paths = transitionPaths(model);
  for (const path of paths) {
    const actor = await replay(model, path, coverage, create);
    actor.stop();
    vi.clearAllTimers();
  }
  return paths.length;
}
