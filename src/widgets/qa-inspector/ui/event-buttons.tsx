import { useState } from 'react';
import type { AuthFlowEvent, StatechartNode } from '@/features/auth-flow';
import type { InspectedActor } from '../model/inspection-store';
import classes from './qa-panel.module.css';

/** The event types (not XState's own) that the active states, or the machine itself, handle. */
export function acceptedEventTypes(chart: StatechartNode, active: string[]): string[] {
  const types = new Set<string>();
  const walk = (node: StatechartNode) => {
    const on = node.path === '' || active.some((leaf) => leaf === node.path || leaf.startsWith(`${node.path}.`));
    if (!on) return;
    for (const t of node.transitions) if (t.eventType && !t.eventType.startsWith('xstate.')) types.add(t.eventType);
    node.children.forEach(walk);
  };
  walk(chart);
  return [...types].sort();
}

interface Fields {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  code: string;
  mode: 'register' | 'login';
}

function eventOf(type: string, f: Fields): AuthFlowEvent {
  switch (type) {
    case 'mode.switch':
      return { type, mode: f.mode };
    case 'register.submit':
      return { type, payload: { email: f.email, firstName: f.firstName, lastName: f.lastName, companyName: f.companyName, signupPhone: null, referrer: '' } };
    case 'login.submit':
      return { type, email: f.email };
    case 'code.submit':
      return { type, code: f.code };
    // The invitation's machine (src/pages/invite/model): the invitee's name.
    case 'details.submit':
      return { type, firstName: f.firstName, lastName: f.lastName } as unknown as AuthFlowEvent;
    default:
      return { type } as AuthFlowEvent;
  }
}

/** A button per accepted event, with a small form for its payload; disabled when a guard would refuse it now. */
export function EventButtons({ chart, active, actor }: { chart: StatechartNode; active: string[]; actor: InspectedActor }) {
  const [fields, setFields] = useState<Fields>({ email: '', firstName: 'Dana', lastName: 'Rivera', companyName: 'Acme Plumbing', code: '', mode: 'login' });
  const types = acceptedEventTypes(chart, active);
  const snapshot = actor.getSnapshot();
  const field = (name: keyof Omit<Fields, 'mode'>, label: string, type = 'text') => (
    <input
      className={classes.input}
      aria-label={label}
      placeholder={name}
      type={type}
      autoComplete="off"
      value={fields[name]}
      onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
    />
  );
  if (types.length === 0) return <div className={classes.muted}>This state accepts no events (final, or waiting on the server).</div>;
  return (
    <div aria-label="Accepted events">
      {types.map((type) => {
        const event = eventOf(type, fields);
        const allowed = snapshot.status === 'active' && snapshot.can(event);
        return (
          <form
            key={type}
            className={classes.row}
            onSubmit={(e) => {
              e.preventDefault();
              actor.send(event);
            }}
          >
            <button type="submit" className={classes.button} disabled={!allowed} title={allowed ? undefined : 'a guard refuses it now'}>
              Send {type}
            </button>
            {type === 'mode.switch' ? (
              <select
                className={classes.input}
                aria-label="mode.switch mode"
                value={fields.mode}
                onChange={(e) => setFields((f) => ({ ...f, mode: e.target.value as Fields['mode'] }))}
              >
                <option value="login">login</option>
                <option value="register">register</option>
              </select>
            ) : null}
            {type === 'register.submit' ? (
              <>
                {field('email', 'register.submit email', 'email')}
                {field('firstName', 'register.submit first name')}
                {field('lastName', 'register.submit last name')}
                {field('companyName', 'register.submit company name')}
              </>
            ) : null}
            {type === 'login.submit' ? field('email', 'login.submit email', 'email') : null}
            {type === 'details.submit' ? (
              <>
                {field('firstName', 'details.submit first name')}
                {field('lastName', 'details.submit last name')}
              </>
            ) : null}
            {/* A password box: the code typed must never show in the panel. */}
            {type === 'code.submit' ? field('code', 'code.submit code', 'password') : null}
          </form>
        );
      })}
    </div>
  );
}
