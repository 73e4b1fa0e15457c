import type { Endpoint, InputOf, OutputOf } from '@zhaokao/contracts';
import { type UseQueryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { queryClient } from './query-client';

/**
 * The cache key of an endpoint's answer: the endpoint first, so that invalidating the endpoint
 * (without an input) reaches its answers for every input.
 */
export const queryKeyOf = (ep: Endpoint, input?: unknown): unknown[] =>
  input === undefined ? [`${ep.method} ${ep.path}`] : [`${ep.method} ${ep.path}`, input];

type QueryOptions<E extends Endpoint, T> = Omit<UseQueryOptions<OutputOf<E>, Error, T>, 'queryKey' | 'queryFn' | 'enabled'> & {
  /** Failures show no toast. */
  silent?: boolean;
};

/** Reads an endpoint; an undefined input waits (nothing is fetched until it is known). */
export function useEndpointQuery<E extends Endpoint, T = OutputOf<E>>(
  ep: E,
  input: InputOf<E> | undefined,
  { silent, ...options }: QueryOptions<E, T> = {},
) {
  return useQuery({
    ...options,
    queryKey: queryKeyOf(ep, input),
    queryFn: () => call(ep, input as InputOf<E>, { silent }),
    enabled: input !== undefined,
  });
}

/** Refetches every answer of these endpoints (those on screen now, the rest when next shown). */
export const invalidateEndpoints = (endpoints: readonly Endpoint[]) =>
  Promise.all(endpoints.map((ep) => queryClient.invalidateQueries({ queryKey: queryKeyOf(ep) })));

/**
 * Calls an endpoint that changes data; once it succeeded, the answers of `invalidates` (the endpoints
 * whose answers the change can alter) are refetched before the returned promise resolves.
 */
export function useEndpointMutation<E extends Endpoint>(ep: E, { invalidates = [] }: { invalidates?: readonly Endpoint[] } = {}) {
  return useMutation({
    mutationFn: (input: InputOf<E>) => call(ep, input),
    onSuccess: () => invalidateEndpoints(invalidates),
  });
}
