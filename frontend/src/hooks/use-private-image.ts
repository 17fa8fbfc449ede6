import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

const isStoredId = (id: string | null | undefined): id is string => typeof id === 'string' && /^[a-f0-9]{64}$/.test(id);

/**
 * A stored image fetched with the bearer token (licences and profile pictures are private) as an object URL, released
 * when the image changes or the component goes. `url` is null while loading and for no (or no valid) file id.
 */
export function usePrivateImage(fileId: string | null): { url: string | null; isPending: boolean } {
  const image = useQuery({
    queryKey: ['files', fileId ?? ''],
    enabled: isStoredId(fileId),
    staleTime: Infinity,
    queryFn: ({ signal }) => api.file('files.get', { fileId: fileId ?? '' }, { signal, accept: 'image/*' }),
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data || typeof URL.createObjectURL !== 'function') return undefined;
    const next = URL.createObjectURL(image.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [image.data]);
  return { url: isStoredId(fileId) ? url : null, isPending: isStoredId(fileId) && image.isPending };
}
