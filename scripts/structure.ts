/**
 * The staircase rules that dependency-cruiser cannot say by itself: no cycle between folders. Pure functions over
 * the import list, so a test can show them failing on a made-up cycle (scripts/structure.test.ts).
 */

export interface Import {
  from: string;
  to: string;
}

/** A cycle between rooms, with the imports that tie it (file → file). */
export interface RoomCycle {
  rooms: string[];
  imports: Import[];
}

export type Granularity = 'folder' | 'module';

/**
 * The room a server file stands in. `folder`: its own folder (server/modules/ai/price-book is a room of its own);
 * `module`: its top folder under server/ (every module whole, the platform whole, the composition root's files
 * at server/ together). Files outside server/ are in no room.
 */
export function roomOf(file: string, granularity: Granularity): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'server') return null;
  if (granularity === 'folder') return parts.slice(0, -1).join('/');
  if (parts.length === 2) return 'server (composition root)';
  return parts[1] === 'modules' ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
}

/** Rooms that import each other in a loop (Tarjan's strongly connected components of the room graph). */
export function roomCycles(imports: readonly Import[], granularity: Granularity): RoomCycle[] {
  const edges = new Map<string, Set<string>>();
  const ties = new Map<string, Import[]>();
  for (const entry of imports) {
    const from = roomOf(entry.from, granularity);
    const to = roomOf(entry.to, granularity);
    if (!from || !to || from === to) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)!.add(to);
    const key = `${from}\u0000${to}`;
    ties.set(key, [...(ties.get(key) ?? []), entry]);
  }
  const rooms = new Set([...edges.keys(), ...[...edges.values()].flatMap((set) => [...set])]);

  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (room: string) => {
    index.set(room, next);
    low.set(room, next);
    next += 1;
    stack.push(room);
    onStack.add(room);
    for (const target of edges.get(room) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(room, Math.min(low.get(room)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(room, Math.min(low.get(room)!, index.get(target)!));
      }
    }
    if (low.get(room) === index.get(room)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== room);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const room of [...rooms].sort()) if (!index.has(room)) visit(room);

  return components.map((component) => {
    const members = new Set(component);
    const imports = component.flatMap((from) => [...(edges.get(from) ?? [])].filter((to) => members.has(to)).flatMap((to) => ties.get(`${from}\u0000${to}`) ?? []));
    return { rooms: component, imports };
  });
}

export function describeCycle(cycle: RoomCycle): string {
  return [`  ${cycle.rooms.join(' ⇄ ')}`, ...cycle.imports.map((entry) => `    ${entry.from} → ${entry.to}`)].join('\n');
}
