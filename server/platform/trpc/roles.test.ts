import { describe, expect, it } from 'vitest';
import { appRouter } from '@server/app.router';
import { mayCall, PROCEDURE_ROLES } from './roles';

/** Every procedure path of the app router. */
const procedures = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures).sort();

describe('the role table', () => {
  it('has an entry for every procedure of the app router', () => {
    const missing = procedures.filter((path) => !Object.hasOwn(PROCEDURE_ROLES, path));
    expect(missing, 'procedures without a minimum role in server/platform/trpc/roles.ts').toEqual([]);
  });

  it('names no procedure that does not exist', () => {
    const stale = Object.keys(PROCEDURE_ROLES).filter((path) => !procedures.includes(path));
    expect(stale, 'entries of server/platform/trpc/roles.ts that name no procedure').toEqual([]);
  });

  it('ranks the roles: owner ⊇ admin ⊇ staff', () => {
    expect(mayCall('owner', 'team.changeRole')).toBe(true);
    expect(mayCall('admin', 'team.changeRole')).toBe(false);
    expect(mayCall('admin', 'flows.publish')).toBe(true);
    expect(mayCall('staff', 'flows.publish')).toBe(false);
    expect(mayCall('staff', 'leads.list')).toBe(true);
    expect(mayCall('owner', 'no.suchProcedure')).toBe(false);
  });
});
