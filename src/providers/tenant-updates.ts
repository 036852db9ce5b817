/**
 * Changes to the current tenant made on a page (the company profile: a colour previewed, a save, a cancel). The
 * shell's tenant store subscribes and re-themes the portal at once; pages cannot import the shell, so they publish
 * here.
 */
export interface TenantUpdate {
  id: number;
  name: string;
  logo: string | null;
  sub_domain: string;
  colors: { primary_color: string | null; primary_accent: string | null; is_default: boolean };
}

type Listener = (tenant: TenantUpdate) => void;
const listeners = new Set<Listener>();

export const tenantUpdates = {
  publish(tenant: TenantUpdate): void {
    listeners.forEach((listener) => listener(tenant));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
