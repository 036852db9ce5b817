/**
 * Pages built with antd bring antd's theme with them: the tenant's colours in antd's tokens, antd's locale and
 * its `<App>` (for messages, notifications and modals). It loads in parallel with the page, on the first visit
 * of such a page, so the signed-in layout and the list screens, which are antd-free, load without antd.
 */
import type { PageLoader } from './route-entry';

export function withAntdTheme(load: PageLoader): PageLoader {
  return async () => {
    const [Page, { AntdTheme }] = await Promise.all([load(), import('@/shell/tenant/AntdTheme')]);
    const Themed = () => (
      <AntdTheme>
        <Page />
      </AntdTheme>
    );
    Themed.displayName = `WithAntdTheme(${Page.displayName ?? Page.name})`;
    return Themed;
  };
}
