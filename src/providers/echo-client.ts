/**
 * What the portal needs of an Echo client (the live provider's channels), and where it authorises its private
 * channels; echo-connection.ts makes one per session, echo-pusher.ts is the client itself.
 */
import { deployment, type Deployment } from '@/lib/runtime-config';

/** The part of an Echo private channel the live provider uses. */
export interface EchoChannel {
  listen(event: string, callback: (data: unknown) => void): unknown;
  stopListening(event: string, callback?: (data: unknown) => void): unknown;
}

export interface EchoClient {
  private(channel: string): EchoChannel;
  disconnect(): void;
}

export type EchoFactory = (token: string) => EchoClient;

/** `{tenant API origin}/broadcasting/auth`: the tenant API URL without its `/api/v2` suffix. */
export function broadcastingAuthUrl(target: Deployment = deployment): string {
  const company = target.host.company;
  const api = company ? target.tenantApiUrl(company) : target.publicApiUrl;
  return `${api.replace(/\/api\/v2\/?$/, '')}/broadcasting/auth`;
}
