/** Where to go after login: the originally requested path (`?to=`, set by the auth guard) when it is one of ours. */
export function afterLoginPath(to: string | null | undefined): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\') || to.startsWith('/login'))
    return '/';
  return to;
}
