import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { userRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** The avatar needs the Bearer token, so it is fetched as a blob rather than by `<img src>`. */
export function getAvatar(): Promise<Blob> {
  return apiRequest(userRoutes.avatar);
}

export const avatarQueryOptions = (version: string | null) =>
  queryOptions({ queryKey: ['account', 'avatar', version], queryFn: getAvatar, staleTime: Infinity });

/** An object URL of my avatar, or null while there is none (revoked when it changes). */
export function useAvatarUrl(hasAvatar: boolean, version: string | null): string | null {
  const { data } = useQuery({ ...avatarQueryOptions(version), enabled: hasAvatar });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data || !hasAvatar) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data, hasAvatar]);
  return url;
}
