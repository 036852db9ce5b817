/**
 * Live processing status for the screens that show processed records (spec 2 §4, §7), models and library items
 * alike: on the company's channel of the entity (ProjectModel, LibraryItem), `GeometryEventsUpdated` is applied in
 * place to every cached copy of that record (its overview, the lists that hold it, and records that embed it,
 * e.g. the models of a project), with no refetch; `RefreshProcessorIndex` refetches what is on screen (a record
 * was added, finished, failed or deleted), and so does the channel's subscription (`CHANNEL_SUBSCRIBED`): what was
 * pushed between the first fetch and the subscription, or while the connection was down, is not lost. The queries of these screens use `liveMode: 'off'` so refine does not
 * refetch on every push as well.
 */
import { type BaseRecord, keys, type LiveEvent, useSubscription } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ProcessingChannel } from '@shared/channels';
import { GEOMETRY_EVENT, PROCESSING_EVENTS as MODEL_EVENTS, PROCESSOR_INDEX_EVENT } from '@shared/events';
import { CHANNEL_SUBSCRIBED } from '@/providers/live-provider';
import { mayAskAgain } from '@/providers/query-client';
import { applyGeometryEvent, isGeometryEvent, type LiveModelFields } from './model-status';

/** What the processing screens listen to: the processor's events, and their channel's (re)subscription. */
const PROCESSING_EVENTS = [...MODEL_EVENTS, CHANNEL_SUBSCRIBED];
/** The models resource's live channel: the live provider places it on `Company.{id}.ProjectModel`. */
export const MODEL_RESOURCE_CHANNEL = 'resources/projects/models';

const resourceKey = (resource: string) => keys().data('default').resource(resource).get();
const projectKey = () => keys().data('default').resource('projects').action('one').get();

type One<T> = { data: T } | undefined;
type List<T> = ({ data: T[] } & Record<string, unknown>) | undefined;

/** A processed entity whose cached records follow the processor's pushes. */
export interface LiveProcessing {
  /** Its resource (API collection), e.g. `libraries/items`. */
  resource: string;
  /** Its company sub-channel, e.g. `LibraryItem`. */
  channel: ProcessingChannel;
  /** Cached records of other resources that embed it: their query key and the field holding the list. */
  embeddedIn?: Array<{ queryKey: () => readonly unknown[]; field: string }>;
}

/** Keeps the cached records of a processed entity in step with the processor's pushes. */
export function useProcessingLiveUpdates(
  { resource, channel, embeddedIn = [] }: LiveProcessing,
  onEvent?: (event: LiveEvent) => void,
): void {
  const queryClient = useQueryClient();
  const handler = useRef<(event: LiveEvent) => void>(() => undefined);

  useEffect(() => {
    handler.current = (event) => {
      const payload = event.payload as unknown;
      const key = resourceKey(resource);
      if (event.type === GEOMETRY_EVENT && isGeometryEvent(payload)) {
        const apply = <T extends LiveModelFields>(record: T) =>
          applyGeometryEvent(record, payload, event.date);
        queryClient.setQueriesData<One<LiveModelFields>>(
          { queryKey: [...key, 'one', String(payload.owner_id)] },
          (old) => (old?.data ? { ...old, data: apply(old.data) } : old),
        );
        queryClient.setQueriesData<List<LiveModelFields>>({ queryKey: [...key, 'list'] }, (old) =>
          old && Array.isArray(old.data) ? { ...old, data: old.data.map(apply) } : old,
        );
        for (const { queryKey, field } of embeddedIn) {
          queryClient.setQueriesData<One<BaseRecord>>({ queryKey: queryKey() }, (old) => {
            const embedded = old?.data?.[field];
            return old?.data && Array.isArray(embedded)
              ? { ...old, data: { ...old.data, [field]: (embedded as LiveModelFields[]).map(apply) } }
              : old;
          });
        }
      } else if (event.type === PROCESSOR_INDEX_EVENT || event.type === CHANNEL_SUBSCRIBED) {
        // A record the server refused (a 404 overview) stays as its screen shows it.
        void queryClient.invalidateQueries({ queryKey: key, refetchType: 'active', predicate: mayAskAgain });
        for (const { queryKey } of embeddedIn) {
          void queryClient.invalidateQueries({
            queryKey: queryKey(),
            refetchType: 'active',
            predicate: mayAskAgain,
          });
        }
      }
      onEvent?.(event);
    };
  }, [embeddedIn, onEvent, queryClient, resource]);

  useSubscription({
    channel: `resources/${resource}`,
    types: PROCESSING_EVENTS,
    params: { subscriptionType: 'useList', meta: { liveChannel: channel, liveEvents: PROCESSING_EVENTS } },
    // refine subscribes once: the current handler is read at each event.
    onLiveEvent: (event) => handler.current(event),
  });
}

const MODELS: LiveProcessing = {
  resource: 'projects/models',
  channel: 'ProjectModel',
  embeddedIn: [{ queryKey: projectKey, field: 'models' }],
};

/** Keeps the cached models (and the models of cached projects) in step with the processor's pushes. */
export function useModelLiveUpdates(onEvent?: (event: LiveEvent) => void): void {
  useProcessingLiveUpdates(MODELS, onEvent);
}
