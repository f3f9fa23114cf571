import classes from './qa-panel.module.css';

/** Values are already masked by the store (see model/mask.ts). */
export function JsonView({ value }: { value: unknown }) {
  return <pre className={classes.pre}>{JSON.stringify(value, null, 2) ?? 'undefined'}</pre>;
}
