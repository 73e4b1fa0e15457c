import { type InputOf, getFunctionPrice } from '@zhaokao/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointQuery } from '../../../lib/query';

/** The price the order will be made for; undefined input (nothing chosen yet) asks nothing. */
export const useFunctionPrice = (input: InputOf<typeof getFunctionPrice> | undefined) =>
  useEndpointQuery(getFunctionPrice, input, { placeholderData: keepPreviousData });
