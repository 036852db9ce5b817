/**
 * An upload queue for a screen: uploads to the tenant API's tus endpoint with the session's bearer token, under a
 * fingerprint of the signed-in user. Leaving the screen pauses what is running (the server keeps it, so the same
 * file continues where it stopped when chosen again).
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { apiUrl, languageHeader, sessionToken } from '@/providers/http-client';
import { useAuthorization } from '@/providers/useAuthorization';
import { type UploadItem, UploadQueue, type UploadQueueOptions } from './upload-queue';
import type { UploadRules } from './upload-rules';

export const UPLOAD_ENDPOINT = '/uploads';

export interface UploadQueueHandle {
  queue: UploadQueue;
  /** The rules files must meet (the upload kind's types, which the drop zone's hint lists). */
  rules: UploadRules;
  items: UploadItem[];
  /** An upload is waiting or running. */
  busy: boolean;
}

export function useUploadQueue(
  rules: UploadRules,
  onFinished?: (item: UploadItem) => void,
  options: Pick<UploadQueueOptions, 'createUpload' | 'parallel'> = {},
): UploadQueueHandle {
  const { user } = useAuthorization();
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);
  const [queue] = useState(
    () =>
      new UploadQueue({
        endpoint: apiUrl(UPLOAD_ENDPOINT),
        headers: (): Record<string, string> => {
          // In the portal's language: a refusal (the content of a file, issue 31) reads in it.
          const token = sessionToken();
          return token
            ? { Authorization: `Bearer ${token}`, Accept: 'application/json', ...languageHeader() }
            : {};
        },
        rules,
        owner: String(user?.id ?? ''),
        onFinished: (item) => finished.current?.(item),
        ...options,
      }),
  );
  useEffect(() => () => queue.suspend(), [queue]);
  const items = useSyncExternalStore(queue.subscribe, queue.getItems);
  return {
    queue,
    rules,
    items,
    busy: items.some((item) => item.state === 'waiting' || item.state === 'uploading'),
  };
}
