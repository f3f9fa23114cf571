import type { AnyEventObject, InspectionEvent } from 'xstate';
import { type AuthFlowEvent, type AuthFlowSnapshot, describeStatechart, type StatechartNode } from '@/features/auth-flow';
import { masked } from './mask';

export interface TransitionTaken {
  source: string;
  targets: string[];
  guard: string | null;
}

export interface LogEntry {
  id: number;
  /** Machine time (the injected clock) when the event arrived. */
  at: number;
  eventType: string;
  /** The event's payload with secrets masked. */
  payload: unknown;
  transitions: TransitionTaken[];
  before: string[];
  after: string[] | null;
}

export interface InspectedActor {
  send(event: AuthFlowEvent): void;
  getSnapshot(): AuthFlowSnapshot;
}

export interface InspectorState {
  chart: StatechartNode | null;
  actor: InspectedActor | null;
  snapshot: AuthFlowSnapshot | null;
  /** Active leaf states as dotted paths ('verifyCode.form.idle'). */
  active: string[];
  log: LogEntry[];
}

/** Active leaf states of a snapshot value, as dotted paths. */
export function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      return inner && typeof inner === 'object' && Object.keys(inner).length === 0 ? [path] : leafPaths(inner, path);
    });
  }
  return [];
}

interface ActorLike {
  sessionId: string;
  logic?: { id?: string; root?: unknown };
}

interface TransitionLike {
  source: { path: string[] };
  target?: Array<{ path: string[] }>;
  guard?: unknown;
}

const guardOf = (guard: unknown) =>
  typeof guard === 'string' ? guard : guard && typeof guard === 'object' && 'type' in guard ? String((guard as { type: unknown }).type) : null;

const MAX_LOG = 500;

/**
 * What the QA panel knows about the auth-flow actor, learnt only through XState's inspection API: the machine
 * (from the registered actor's own logic), its snapshots, and every event with the transitions it caused. Only
 * masked copies of events are kept.
 */
export class InspectionStore {
  private state: InspectorState = { chart: null, actor: null, snapshot: null, active: [], log: [] };
  private readonly listeners = new Set<() => void>();
  private targetSession: string | null = null;
  private currentEvent: AnyEventObject | null = null;
  private nextId = 1;
  private notifyQueued = false;
  private readonly registrations: InspectionEvent[] = [];
  private forwardTo: ((event: InspectionEvent) => void) | null = null;

  constructor(
    private readonly now: () => number,
    /** The machines it watches: the sign-in flow and the invitation's (src/pages/invite/model), whichever starts last. */
    private readonly machineIds: readonly string[] = ['authFlow', 'inviteFlow'],
  ) {}

  readonly inspect = (event: InspectionEvent): void => {
    this.forwardTo?.(event);
    const actor = event.actorRef as unknown as ActorLike;
    if (event.type === '@xstate.actor') {
      this.registrations.push(event);
      if (actor.sessionId === event.rootId && this.machineIds.includes(actor.logic?.id ?? '')) this.adopt(event);
      return;
    }
    if (actor.sessionId !== this.targetSession) return;
    if (event.type === '@xstate.event') this.open(event.event);
    else if (event.type === '@xstate.microstep') {
      const entry = this.entryFor(event.event);
      entry.transitions.push(
        ...(event._transitions as unknown as TransitionLike[]).map((t) => ({
          source: t.source.path.join('.'),
          targets: (t.target ?? []).map((target) => target.path.join('.')),
          guard: guardOf(t.guard),
        })),
      );
      this.changed();
    } else if (event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot as AuthFlowSnapshot;
      const entry = this.entryFor(event.event);
      const active = leafPaths(snapshot.value);
      entry.after = active;
      this.state = { ...this.state, snapshot, active };
      this.changed();
    }
  };

  /** Also sends every inspection event to another inspector (Stately's), starting with the actors already known. */
  forward(inspect: (event: InspectionEvent) => void): void {
    this.forwardTo = inspect;
    for (const registration of this.registrations) inspect(registration);
  }

  getState = (): InspectorState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private adopt(event: InspectionEvent): void {
    const actorRef = event.actorRef as unknown as InspectedActor & ActorLike;
    this.targetSession = actorRef.sessionId;
    this.currentEvent = null;
    const chart = actorRef.logic ? describeStatechart(actorRef.logic as Parameters<typeof describeStatechart>[0]) : null;
    this.state = { ...this.state, chart, actor: actorRef, snapshot: null, active: [] };
    this.changed();
  }

  private open(event: AnyEventObject): LogEntry {
    const { type, ...payload } = masked(event) as { type: string };
    const entry: LogEntry = { id: this.nextId++, at: this.now(), eventType: type, payload, transitions: [], before: this.state.active, after: null };
    this.currentEvent = event;
    this.state = { ...this.state, log: [...this.state.log, entry].slice(-MAX_LOG) };
    this.changed();
    return entry;
  }

  private entryFor(event: AnyEventObject): LogEntry {
    const last = this.state.log.at(-1);
    return last && this.currentEvent === event ? last : this.open(event);
  }

  private changed(): void {
    // A new object each time, so useSyncExternalStore sees the change (log entries fill in place).
    this.state = { ...this.state };
    if (this.notifyQueued) return;
    this.notifyQueued = true;
    queueMicrotask(() => {
      this.notifyQueued = false;
      for (const listener of this.listeners) listener();
    });
  }
}
