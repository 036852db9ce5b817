/** The host switches live in `src/lib/host-switch.ts` (a resource's row action uses them too). */
export { companySwitchUrl, keepsPathAcrossPlatforms, platformSwitchUrl } from '@/lib/host-switch';
