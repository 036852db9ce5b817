/** The tenant (company) of the current host, loaded from the public API (spec 1 §4 'Tenant'). */
import { createContext, type PropsWithChildren, useContext, useEffect, useState } from 'react';
import type { HostInfo } from '@shared/host';
import { deployment } from '@/lib/runtime-config';

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

const TenantContext = createContext<TenantState>({ host: deployment.host, tenant: null, ready: false });

export function TenantProvider({ children }: PropsWithChildren) {
  const { host } = deployment;
  const [state, setState] = useState<TenantState>({ host, tenant: null, ready: !host.company });

  useEffect(() => {
    if (!host.company) return;
    const controller = new AbortController();
    fetch(`${deployment.publicApiUrl}/companies/${encodeURIComponent(host.company)}`, {
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : { data: null }))
      .then((body: { data: Tenant | null }) => setState({ host, tenant: body.data, ready: true }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Tenant could not be loaded', error);
        setState({ host, tenant: null, ready: true });
      });
    return () => controller.abort();
  }, [host]);

  return <TenantContext.Provider value={state}>{children}</TenantContext.Provider>;
}

export const useTenant = () => useContext(TenantContext);
