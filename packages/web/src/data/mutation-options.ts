import type { UseMutationOptions } from '@tanstack/react-query';

/** Options a mutation hook accepts: everything but the call itself. A given `onError` replaces the default toast. */
export type MutationHookOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn' | 'mutationKey'
>;
