/**
 * The tenant (company) of the current host (spec 1 §4 'Tenant'): not ready until the public lookup
 * `GET /companies/{subdomain}` answered; on the public host there is no tenant and it is ready at once.
 * The lookup starts with the page (main.tsx), in parallel with the session check and the translations.
 */
import { useSyncExternalStore } from 'react';
import type { HostInfo } from '@shared/host';
import { deployment } from '@/lib/runtime-config';
import { apiRequest } from '@/providers/http-client';
import { tenantUpdates } from '@/providers/tenant-updates';

export interface Tenant {
  id: number;
  name: string;
  logo: string | null;
  sub_domain: string;
  colors: { primary_color: string | null; primary_accent: string | null; is_default: boolean };
}

export interface TenantState {
  host: HostInfo;
  tenant: Tenant | null;
  ready: boolean;
}

type Lookup = (company: string) => Promise<Tenant>;

const publicLookup: Lookup = async (company) =>
  (await apiRequest<{ data: Tenant }>(`/companies/${encodeURIComponent(company)}`, { public: true })).data;

export function createTenantStore(host: HostInfo, lookup: Lookup = publicLookup) {
  let state: TenantState = { host, tenant: null, ready: !host.company };
  let started: Promise<TenantState> | null = null;
  const listeners = new Set<() => void>();
  const setState = (next: TenantState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start(): Promise<TenantState> {
      started ??= host.company
        ? lookup(host.company)
            .then((tenant) => setState({ host, tenant, ready: true }))
            .catch((error: unknown) => {
              console.warn('Tenant could not be loaded', error);
              setState({ host, tenant: null, ready: true });
            })
            .then(() => state)
        : Promise.resolve(state);
      return started;
    },
    /** After the company profile was saved (name, logo, colours). */
    setTenant(tenant: Tenant) {
      setState({ ...state, tenant });
    },
  };
}

export type TenantStore = ReturnType<typeof createTenantStore>;

/** The tenant of this page's host. */
export const tenantStore = createTenantStore(deployment.host);
// The company profile previews and saves the tenant's name, logo and colours.
tenantUpdates.subscribe((tenant) => tenantStore.setTenant(tenant));

export const useTenant = (): TenantState => useSyncExternalStore(tenantStore.subscribe, tenantStore.getState);
