import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@basin/core/schemas';
import { api } from '../fetcher';
import { profileKeys } from './keys';

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api.GET('/api/platform/profile', { signal });
}

export function useProfileQuery() {
  return useQuery({ queryKey: profileKeys.detail(), queryFn: ({ signal }) => getProfile(signal) });
}
