import { describe, expect, it } from 'vitest';
import { type DrawExaminer, type DrawGroup, drawExaminers, drawOrder, seatingProblem } from './draw.js';

const order = (ids: number[], seed: number) => [...drawOrder(ids, seed).entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);

describe('order numbers', () => {
  it('same seed and candidates give the same numbers, whatever order the candidates come in; numbers are 1..n', () => {
    const ids = [11, 5, 42, 7, 19, 3];
    expect(order(ids, 2026)).toEqual(order([...ids].sort((a, b) => b - a), 2026));
    expect([...drawOrder(ids, 2026).values()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    // another seed gives (for this many candidates, in practice) another order
    const orders = new Set([1, 2, 3, 4, 5].map((seed) => order(ids, seed).join(',')));
    expect(orders.size).toBeGreaterThan(1);
  });
});

/** A small seeded generator for the test's random scenarios (not the one under test). */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

describe('examiner draws', () => {
  const examiners: DrawExaminer[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, departmentId: i < 4 ? 100 : i < 8 ? 200 : null }));

  it('same seed, examiners and conflicts give the same seats', () => {
    const groups: DrawGroup[] = [
      { id: 1, departmentIds: [100], conflicted: new Set([9]) },
      { id: 2, departmentIds: [200], conflicted: new Set([1, 2]) },
    ];
    const first = drawExaminers(groups, examiners, 3, 77);
    const again = drawExaminers([groups[1]!, groups[0]!], [...examiners].sort((x, y) => y.id - x.id), 3, 77);
    expect(first).not.toBeNull();
    expect([...first!.entries()]).toEqual([...again!.entries()]);
  });

  it('avoidance holds in 1,000 seeded draws of random scenarios, and a draw fails only when no assignment exists', () => {
    const random = lcg(4711);
    let drawn = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      const pool: DrawExaminer[] = Array.from({ length: 4 + Math.floor(random() * 8) }, (_, i) => ({
        id: i + 1,
        departmentId: random() < 0.7 ? 100 + Math.floor(random() * 3) : null,
      }));
      const seats = 1 + Math.floor(random() * 3);
      const groups: DrawGroup[] = Array.from({ length: 1 + Math.floor(random() * 2) }, (_, g) => ({
        id: g + 1,
        departmentIds: [100 + Math.floor(random() * 3)],
        conflicted: new Set(pool.filter(() => random() < 0.2).map((e) => e.id)),
      }));
      const seating = drawExaminers(groups, pool, seats, seed);
      if (seating) {
        drawn++;
        expect(seatingProblem(groups, pool, seats, seating)).toBeNull();
      } else {
        expect(bruteForceExists(groups, pool, seats)).toBe(false);
      }
    }
    expect(drawn).toBeGreaterThan(200);
  });

  it('finds the one assignment left when the chiefs are tightly constrained', () => {
    // every examiner but #12 belongs to department 100; both groups hold a post of it; #11 conflicts with group 1
    const pool: DrawExaminer[] = examiners.map((e) => ({ id: e.id, departmentId: e.id >= 11 ? null : 100 }));
    const groups: DrawGroup[] = [
      { id: 1, departmentIds: [100], conflicted: new Set([11]) },
      { id: 2, departmentIds: [100], conflicted: new Set() },
    ];
    for (let seed = 0; seed < 50; seed++) {
      const seating = drawExaminers(groups, pool, 2, seed)!;
      expect(seating.get(1)![0]).toBe(12);
      expect(seating.get(2)![0]).toBe(11);
      expect(seatingProblem(groups, pool, 2, seating)).toBeNull();
    }
  });

  it('answers null when there are too few examiners or avoidance cannot be met', () => {
    expect(drawExaminers([{ id: 1, departmentIds: [], conflicted: new Set() }], examiners.slice(0, 3), 3, 1)).toBeNull();
    const pool: DrawExaminer[] = examiners.map((e) => ({ id: e.id, departmentId: 100 }));
    expect(drawExaminers([{ id: 1, departmentIds: [100], conflicted: new Set() }], pool, 3, 1)).toBeNull();
  });
});

/**
 * Whether some assignment satisfies avoidance, by plain backtracking (small cases only); a group's scoring seats take
 * examiners in increasing order (they are interchangeable for whether an assignment exists).
 */
function bruteForceExists(groups: readonly DrawGroup[], pool: readonly DrawExaminer[], seats: number): boolean {
  const positions = groups.flatMap((g) => Array.from({ length: seats + 1 }, (_, seat) => ({ g, seat })));
  if (positions.length > pool.length) return false;
  const used = new Set<number>();
  const picked: number[] = [];
  const go = (p: number): boolean => {
    if (p === positions.length) return true;
    const { g, seat } = positions[p]!;
    for (const [index, e] of pool.entries()) {
      if (seat >= 2 && index <= picked[p - 1]!) continue;
      if (used.has(e.id) || g.conflicted.has(e.id)) continue;
      if (seat === 0 && e.departmentId !== null && g.departmentIds.includes(e.departmentId)) continue;
      used.add(e.id);
      picked[p] = index;
      if (go(p + 1)) return true;
      used.delete(e.id);
    }
    return false;
  };
  return go(0);
}
