/**
 * DESIGN §5 seating, as pure functions: a seeded shuffle of the candidates, then an order in which neighbouring
 * seats hold different posts wherever the mix allows. The same seed and the same candidates give the same order.
 */

export interface SeatCandidate {
  id: number;
  recruitmentId: number;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with the seeded generator, over the candidates sorted by id first (so input order does not matter). */
export function seededShuffle<T extends SeatCandidate>(candidates: readonly T[], seed: number): T[] {
  const list = [...candidates].sort((a, b) => a.id - b.id);
  const random = mulberry32(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * The seating order: shuffled, then greedily the next candidate of the post with the most candidates left that
 * differs from the previous seat's post (ties: the post whose next candidate came first in the shuffle).
 */
export function arrangeSeats<T extends SeatCandidate>(candidates: readonly T[], seed: number): T[] {
  const shuffled = seededShuffle(candidates, seed);
  const queues = new Map<number, { items: T[]; next: number; firstIndex: number[] }>();
  shuffled.forEach((c, index) => {
    let queue = queues.get(c.recruitmentId);
    if (!queue) queues.set(c.recruitmentId, (queue = { items: [], next: 0, firstIndex: [] }));
    queue.items.push(c);
    queue.firstIndex.push(index);
  });
  const posts = [...queues.entries()];
  const order: T[] = [];
  let previous: number | undefined;
  while (order.length < shuffled.length) {
    let best: number | undefined;
    let bestLeft = 0;
    let bestIndex = Infinity;
    let fallback: number | undefined;
    for (const [post, queue] of posts) {
      const left = queue.items.length - queue.next;
      if (left === 0) continue;
      if (post === previous) {
        fallback = post;
        continue;
      }
      const index = queue.firstIndex[queue.next]!;
      if (left > bestLeft || (left === bestLeft && index < bestIndex)) {
        best = post;
        bestLeft = left;
        bestIndex = index;
      }
    }
    const chosen = best ?? fallback!;
    const queue = queues.get(chosen)!;
    order.push(queue.items[queue.next++]!);
    previous = chosen;
  }
  return order;
}

export interface FreeSeat {
  roomId: number;
  seat: number;
}

/** Neighbouring seats (the same room, consecutive seat numbers) that hold the same post. */
export function sameNeighbours(seating: readonly { roomId: number; seat: number; recruitmentId: number }[]): number {
  const bySeat = new Map(seating.map((s) => [`${s.roomId}:${s.seat}`, s.recruitmentId]));
  let same = 0;
  for (const s of seating) {
    if (bySeat.get(`${s.roomId}:${s.seat + 1}`) === s.recruitmentId) same++;
  }
  return same;
}

/** The candidates in seating order put on the free seats in order (rooms by number, seats ascending). */
export function seatCandidates<T extends SeatCandidate>(candidates: readonly T[], freeSeats: readonly FreeSeat[], seed: number) {
  if (candidates.length > freeSeats.length) throw new Error('not enough seats');
  const seating = arrangeSeats(candidates, seed).map((c, i) => ({ ...c, ...freeSeats[i]! }));
  return { seating, sameNeighbours: sameNeighbours(seating) };
}

export interface TicketCodeParts {
  year: number;
  planId: number;
  stage: number;
  roomSort: number;
  seat: number;
  /** More than 99 seats in the room: the seat takes 3 digits. */
  roomSeats: number;
}

/** A ticket code from the pattern's placeholders (contracts TICKET_PATTERN_PARTS). */
export function ticketCode(pattern: string, p: TicketCodeParts): string {
  const values: Record<string, string> = {
    year: String(p.year),
    plan: String(p.planId).padStart(3, '0'),
    stage: String(p.stage),
    room: String(p.roomSort).padStart(3, '0'),
    seat: String(p.seat).padStart(p.roomSeats > 99 ? 3 : 2, '0'),
  };
  return pattern.replace(/\{(year|plan|stage|room|seat)\}/g, (_, name: string) => values[name]!);
}
