import { describe, expect, it } from 'vitest';
import { roomCycles, roomOf } from './structure';

describe('the staircase check', () => {
  it('places files in their folder, or in their module', () => {
    expect(roomOf('server/modules/ai/price-book/pdf-lines.ts', 'folder')).toBe('server/modules/ai/price-book');
    expect(roomOf('server/modules/ai/price-book/pdf-lines.ts', 'module')).toBe('server/modules/ai');
    expect(roomOf('server/platform/db/scope.ts', 'module')).toBe('server/platform');
    expect(roomOf('server/app.ts', 'module')).toBe('server (composition root)');
    expect(roomOf('src/app/main.tsx', 'module')).toBeNull();
  });

  it('finds a loop between two modules through a type-only import, and names the imports that tie it', () => {
    const cycles = roomCycles(
      [
        { from: 'server/modules/intake/intake.service.ts', to: 'server/modules/ai/ai-turn.job.ts' },
        { from: 'server/modules/ai/ai-turn.job.ts', to: 'server/modules/messaging/outbound.service.ts' },
        // the one import that climbs back up
        { from: 'server/modules/messaging/outbound.service.ts', to: 'server/modules/intake/intake.service.ts' },
        { from: 'server/modules/leads/leads.service.ts', to: 'server/modules/intake/intake.service.ts' },
      ],
      'module',
    );
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.rooms).toEqual(['server/modules/ai', 'server/modules/intake', 'server/modules/messaging']);
    expect(cycles[0]!.imports).toContainEqual({ from: 'server/modules/messaging/outbound.service.ts', to: 'server/modules/intake/intake.service.ts' });
    expect(cycles[0]!.imports.map((i) => i.from)).not.toContain('server/modules/leads/leads.service.ts');
  });

  it('finds a loop between two folders of one module that the module view cannot see', () => {
    const imports = [
      { from: 'server/modules/ai/price-book/price-book.service.ts', to: 'server/modules/ai/ai-settings.service.ts' },
      { from: 'server/modules/ai/ai-settings.service.ts', to: 'server/modules/ai/price-book/price-book.service.ts' },
    ];
    expect(roomCycles(imports, 'module')).toEqual([]);
    expect(roomCycles(imports, 'folder').map((c) => c.rooms)).toEqual([['server/modules/ai', 'server/modules/ai/price-book']]);
  });

  it('passes a staircase', () => {
    const imports = [
      { from: 'server/app.ts', to: 'server/modules/leads/leads.router.ts' },
      { from: 'server/modules/leads/leads.service.ts', to: 'server/modules/intake/intake.service.ts' },
      { from: 'server/modules/intake/intake.service.ts', to: 'server/platform/db/scope.ts' },
      { from: 'server/platform/services.ts', to: 'server/adapters/ai/ai.port.ts' },
    ];
    expect(roomCycles(imports, 'module')).toEqual([]);
    expect(roomCycles(imports, 'folder')).toEqual([]);
  });
});
