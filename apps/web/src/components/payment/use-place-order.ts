import { type OrderView, companyOrderList, getToken } from '@zhaokao/contracts';
import { useRef, useState } from 'react';
import { call } from '../../lib/api-client';
import { invalidateEndpoints } from '../../lib/query';

/**
 * Places an order with a request token (SPEC §7 getToken): sending the same choice again after a lost answer reuses
 * the token, so the server makes the order once; a different choice gets a new token. Resolves to the order, or
 * undefined when refused (the server's message has been shown).
 */
export function usePlaceOrder() {
  const pending = useRef<{ choice: string; token: string }>(undefined);
  const [placing, setPlacing] = useState(false);

  async function place<C>(choice: C, send: (choice: C, token: string) => Promise<OrderView>): Promise<OrderView | undefined> {
    const key = JSON.stringify(choice);
    setPlacing(true);
    try {
      if (pending.current?.choice !== key) pending.current = { choice: key, token: (await call(getToken, {})).token };
      const order = await send(choice, pending.current.token);
      pending.current = undefined;
      void invalidateEndpoints([companyOrderList]);
      return order;
    } catch {
      return undefined;
    } finally {
      setPlacing(false);
    }
  }

  return { place, placing };
}
