import { useQuery } from '@tanstack/react-query';
import { mediaRoutes } from '@pluk/contract';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

/** The bytes of an upload, through the API client (an `<img>` cannot send the Bearer token). */
export function getMediaFile(id: number): Promise<Blob> {
  return apiRequest(mediaRoutes.file, { params: { id } });
}

/**
 * An object URL for an uploaded image, made from the blob and revoked when the component unmounts or
 * the image changes. `undefined` while loading, and while `enabled` is false (not near the screen yet).
 */
export function useMediaObjectUrl(id: number, enabled = true) {
  const query = useQuery({
    queryKey: ['media', 'file', id],
    queryFn: () => getMediaFile(id),
    staleTime: 5 * 60_000,
    enabled,
  });
  const [url, setUrl] = useState<string>();
  const blob = query.data;
  useEffect(() => {
    if (!blob) return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [blob]);
  return { url, isError: query.isError, isPending: query.isPending || (blob !== undefined && !url) };
}

/** Downloads an upload under its own file name. */
export async function downloadMediaFile(id: number, fileName: string): Promise<void> {
  saveBlob(await getMediaFile(id), fileName);
}
