/**
 * Live model status for the screens that show models (spec 2 §4, §7): on the company's ProjectModel channel,
 * `GeometryEventsUpdated` is applied in place to every cached copy of that model (its overview, model lists, the
 * models of a project), with no refetch; `RefreshProcessorIndex` refetches what is on screen (a model was added,
 * finished, failed or deleted). The queries of these screens use `liveMode: 'off'` so refine does not refetch on
 * every push as well.
 */
import { type BaseRecord, keys, type LiveEvent, useSubscription } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { applyGeometryEvent, isGeometryEvent, type LiveModelFields } from './model-status';

export const MODEL_CHANNEL = 'ProjectModel';
export const MODEL_EVENTS = ['GeometryEventsUpdated', 'RefreshProcessorIndex'];
/** The models resource's live channel: the live provider places it on `Company.{id}.ProjectModel`. */
export const MODEL_RESOURCE_CHANNEL = 'resources/projects/models';

const modelsKey = () => keys().data('default').resource('projects/models').get();
const projectKey = () => keys().data('default').resource('projects').action('one').get();

type One<T> = { data: T } | undefined;
type List<T> = ({ data: T[] } & Record<string, unknown>) | undefined;

/** Keeps the cached models (and the models of cached projects) in step with the processor's pushes. */
export function useModelLiveUpdates(onEvent?: (event: LiveEvent) => void): void {
  const queryClient = useQueryClient();
  const handler = useRef<(event: LiveEvent) => void>(() => undefined);

  useEffect(() => {
    handler.current = (event) => {
      const payload = event.payload as unknown;
      if (event.type === 'GeometryEventsUpdated' && isGeometryEvent(payload)) {
        const apply = <T extends LiveModelFields>(model: T) => applyGeometryEvent(model, payload, event.date);
        queryClient.setQueriesData<One<LiveModelFields>>(
          { queryKey: [...modelsKey(), 'one', String(payload.owner_id)] },
          (old) => (old?.data ? { ...old, data: apply(old.data) } : old),
        );
        queryClient.setQueriesData<List<LiveModelFields>>({ queryKey: [...modelsKey(), 'list'] }, (old) =>
          old && Array.isArray(old.data) ? { ...old, data: old.data.map(apply) } : old,
        );
        queryClient.setQueriesData<One<BaseRecord & { models?: LiveModelFields[] }>>(
          { queryKey: projectKey() },
          (old) =>
            old?.data && Array.isArray(old.data.models)
              ? { ...old, data: { ...old.data, models: old.data.models.map(apply) } }
              : old,
        );
      } else if (event.type === 'RefreshProcessorIndex') {
        void queryClient.invalidateQueries({ queryKey: modelsKey(), refetchType: 'active' });
        void queryClient.invalidateQueries({ queryKey: projectKey(), refetchType: 'active' });
      }
      onEvent?.(event);
    };
  }, [onEvent, queryClient]);

  useSubscription({
    channel: MODEL_RESOURCE_CHANNEL,
    types: MODEL_EVENTS,
    params: { subscriptionType: 'useList', meta: { liveChannel: MODEL_CHANNEL, liveEvents: MODEL_EVENTS } },
    // refine subscribes once: the current handler is read at each event.
    onLiveEvent: (event) => handler.current(event),
  });
}
