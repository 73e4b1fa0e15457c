import { mulberry32 } from '../exam/index.js';

/**
 * DESIGN §5 interview draws, as pure functions of their inputs and a seed: the candidates' order numbers and the
 * examiners' seats. Nothing here reads the clock or Math.random; the same seed and inputs give the same draw.
 */

/** Fisher–Yates with mulberry32 over the items sorted by `key` first (so the caller's order does not matter). */
export function shuffled<T>(items: readonly T[], seed: number, key: (item: T) => number): T[] {
  const list = [...items].sort((a, b) => key(a) - key(b));
  const random = mulberry32(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** Order numbers 1..n for the group's applications: application id → number. */
export function drawOrder(applicationIds: readonly number[], seed: number): Map<number, number> {
  return new Map(shuffled(applicationIds, seed, (id) => id).map((id, i) => [id, i + 1]));
}

export interface DrawExaminer {
  id: number;
  /** 招录部门, null for none. */
  departmentId: number | null;
}

export interface DrawGroup {
  id: number;
  /** The hiring departments (recruitment_info.department_id) of the group's posts. */
  departmentIds: readonly number[];
  /** Examiners with a declared conflict with a candidate or a post of the group. */
  conflicted: ReadonlySet<number>;
}

/** A group's seats: index 0 the chief, 1..n the scoring seats. */
export type Seating = Map<number, number[]>;

/** Whether `examiner` may take `seat` in `group` under 回避. */
export const mayTake = (group: DrawGroup, examiner: DrawExaminer, seat: number) =>
  !group.conflicted.has(examiner.id) && !(seat === 0 && examiner.departmentId !== null && group.departmentIds.includes(examiner.departmentId));

/**
 * Seats every group's chief and `scoringSeats` examiners from `examiners`, each examiner at most once (one group per
 * day), respecting 回避; null when no assignment exists. Positions (chiefs first, being the more constrained) are filled
 * in a seeded order, each with the first examiner in a seeded order that still leaves a complete assignment possible
 * for the positions after it (checked by a bipartite matching), so the draw is random among the valid ones and never
 * fails when some valid assignment exists.
 */
export function drawExaminers(groups: readonly DrawGroup[], examiners: readonly DrawExaminer[], scoringSeats: number, seed: number): Seating | null {
  const random = mulberry32(seed);
  const shuffleWith = <T>(items: readonly T[]) => {
    const list = [...items];
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  const sortedGroups = [...groups].sort((a, b) => a.id - b.id);
  const pool = shuffleWith([...examiners].sort((a, b) => a.id - b.id));
  type Position = { group: DrawGroup; seat: number; allowed: number[] };
  const positionsOf = (seat: number) =>
    shuffleWith(sortedGroups).map((group) => ({ group, seat, allowed: pool.flatMap((e, i) => (mayTake(group, e, seat) ? [i] : [])) }));
  const positions: Position[] = [...positionsOf(0), ...Array.from({ length: scoringSeats }, (_, s) => positionsOf(s + 1)).flat()];
  if (positions.length > pool.length) return null;

  const used: boolean[] = Array.from({ length: pool.length }, () => false);
  if (!completable(positions, 0, used)) return null;
  const chosen: number[] = [];
  for (let p = 0; p < positions.length; p++) {
    const pick = positions[p]!.allowed.find((e) => {
      if (used[e]) return false;
      used[e] = true;
      if (completable(positions, p + 1, used)) return true;
      used[e] = false;
      return false;
    });
    // completable() said a full assignment exists, so some examiner keeps it so
    if (pick === undefined) throw new Error('interview draw: no examiner for a position that had one');
    chosen.push(pick);
  }
  const seating: Seating = new Map(sortedGroups.map((g) => [g.id, Array.from<number>({ length: scoringSeats + 1 })]));
  positions.forEach((pos, p) => {
    seating.get(pos.group.id)![pos.seat] = pool[chosen[p]!]!.id;
  });
  return seating;
}

/** Whether positions from `from` on can all be filled from the examiners not `used` (Kuhn's augmenting paths). */
function completable(positions: readonly { allowed: number[] }[], from: number, used: readonly boolean[]): boolean {
  const holder = new Map<number, number>();
  const augment = (p: number, seen: Set<number>): boolean => {
    for (const e of positions[p]!.allowed) {
      if (used[e] || seen.has(e)) continue;
      seen.add(e);
      const other = holder.get(e);
      if (other === undefined || augment(other, seen)) {
        holder.set(e, p);
        return true;
      }
    }
    return false;
  };
  for (let p = from; p < positions.length; p++) if (!augment(p, new Set())) return false;
  return true;
}

/** Why a seating breaks 回避 or the one-group rule, or null (for tests and as a last check before writing). */
export function seatingProblem(groups: readonly DrawGroup[], examiners: readonly DrawExaminer[], scoringSeats: number, seating: Seating): string | null {
  const byId = new Map(examiners.map((e) => [e.id, e]));
  const seen = new Set<number>();
  for (const group of groups) {
    const seats = seating.get(group.id);
    if (!seats || seats.length !== scoringSeats + 1) return `group ${group.id}: wrong number of seats`;
    for (const [seat, id] of seats.entries()) {
      const examiner = byId.get(id);
      if (!examiner) return `group ${group.id} seat ${seat}: unknown examiner ${id}`;
      if (seen.has(id)) return `examiner ${id} in two seats`;
      seen.add(id);
      if (!mayTake(group, examiner, seat)) return `group ${group.id} seat ${seat}: examiner ${id} must avoid`;
    }
  }
  return null;
}
