import type { StatechartNode } from '@/features/auth-flow';
import classes from './qa-panel.module.css';

const isActive = (path: string, active: string[]) => path === '' || active.some((leaf) => leaf === path || leaf.startsWith(`${path}.`));

const shortTarget = (target: string) => target.split('.').slice(-2).join('.');

function StateBox({ node, active }: { node: StatechartNode; active: string[] }) {
  const on = isActive(node.path, active);
  return (
    <div className={classes.state} data-state-path={node.path} data-active={on ? 'true' : 'false'}>
      <div className={classes.stateName}>
        {node.key}
        {node.type === 'parallel' ? ' ‖ parallel' : ''}
        {node.type === 'final' ? ' ◉ final' : ''}
      </div>
      {node.transitions.map((t, index) => (
        <div key={index} className={classes.transition}>
          {t.label}
          {t.guard ? ` [${t.guard}]` : ''} → {t.targets.length ? t.targets.map(shortTarget).join(', ') : '(stays)'}
        </div>
      ))}
      {node.children.length > 0 ? (
        <div className={node.type === 'parallel' ? classes.regions : undefined}>
          {node.children.map((child) => (
            <StateBox key={child.key} node={child} active={active} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The statechart drawn from the running machine's own definition; active states are highlighted. */
export function StatechartView({ chart, active }: { chart: StatechartNode; active: string[] }) {
  return (
    <div aria-label="Statechart">
      {chart.children.map((child) => (
        <StateBox key={child.key} node={child} active={active} />
      ))}
    </div>
  );
}
