import { describe, expect, it } from 'vitest';
import { arrangeSeats, mulberry32, seatCandidates, seededShuffle, ticketCode } from './seating.js';

/** `counts[i]` candidates of post i + 1, ids in order. */
function candidates(counts: number[]) {
  let id = 0;
  return counts.flatMap((n, post) => Array.from({ length: n }, () => ({ id: ++id, recruitmentId: post + 1 })));
}

const seatsOf = (rooms: number[]) => rooms.flatMap((seats, r) => Array.from({ length: seats }, (_, s) => ({ roomId: r + 1, seat: s + 1 })));

const sameInOrder = (order: { recruitmentId: number }[]) => order.slice(1).filter((c, i) => c.recruitmentId === order[i]!.recruitmentId).length;

describe('seating', () => {
  it('mulberry32 answers the same numbers for the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(first[0]);
  });

  it('gives the same seating for the same seed whatever the input order, and another for another seed', () => {
    const list = candidates([10, 10, 10]);
    const once = arrangeSeats(list, 7).map((c) => c.id);
    expect(arrangeSeats([...list].sort((a, b) => b.id - a.id), 7).map((c) => c.id)).toEqual(once);
    expect(arrangeSeats(list, 8).map((c) => c.id)).not.toEqual(once);
    expect([...once].sort((a, b) => a - b)).toEqual(list.map((c) => c.id));
    expect(seededShuffle(list, 7).map((c) => c.id)).toEqual(seededShuffle(list, 7).map((c) => c.id));
  });

  it('keeps neighbours on different posts where the mix allows', () => {
    for (const seed of [1, 2, 3, 99, 123456]) {
      expect(sameInOrder(arrangeSeats(candidates([10, 10, 10]), seed))).toBe(0);
      expect(sameInOrder(arrangeSeats(candidates([1, 15, 14]), seed))).toBe(0);
      // 11 of one post among 21 seats: alternate exactly.
      expect(sameInOrder(arrangeSeats(candidates([11, 5, 5]), seed))).toBe(0);
    }
  });

  it('counts the unavoidable same-post neighbours', () => {
    expect(sameInOrder(arrangeSeats(candidates([8]), 5))).toBe(7);
    // 12 of one post and 3 others: at least 12 − 3 − 1 = 8 same neighbours.
    expect(sameInOrder(arrangeSeats(candidates([12, 3]), 5))).toBe(8);
  });

  it('fills rooms in order and counts neighbours only inside a room', () => {
    const { seating, sameNeighbours } = seatCandidates(candidates([10, 10, 10]), seatsOf([12, 12, 12]), 3);
    expect(seating.map((s) => [s.roomId, s.seat])).toEqual(seatsOf([12, 12, 6]).map((s) => [s.roomId, s.seat]));
    expect(sameNeighbours).toBe(0);
    expect(seatCandidates(candidates([6]), seatsOf([3, 3]), 1).sameNeighbours).toBe(4);
    expect(() => seatCandidates(candidates([5]), seatsOf([4]), 1)).toThrow();
  });

  it('makes ticket codes from the pattern', () => {
    const parts = { year: 2026, planId: 7, stage: 2, roomSort: 3, seat: 5, roomSeats: 30 };
    expect(ticketCode('{year}{plan}{stage}{room}{seat}', parts)).toBe('2026007200305');
    expect(ticketCode('ZK-{room}-{seat}', { ...parts, roomSeats: 120 })).toBe('ZK-003-005');
  });
});
