// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resolveDeployment } from '@/lib/runtime-config';
import { companySwitchUrl, keepsPathAcrossPlatforms, platformSwitchUrl } from '@/shell/layout/host-switch';

const on = (hostname: string) => resolveDeployment({ protocol: 'http:', hostname, port: '8080' });

describe('the platform switcher target', () => {
  it('goes to {platform}-{tenant}.{domain} keeping the path and query', () => {
    expect(
      platformSwitchUrl(
        'customerportal',
        { pathname: '/projects/overview/3', search: '?tab=2' },
        on('acme.portal.localhost'),
      ),
    ).toBe('http://customerportal-acme.portal.localhost:8080/projects/overview/3?tab=2');
    expect(
      platformSwitchUrl(
        'hatch',
        { pathname: '/libraries', search: '' },
        on('customerportal-acme.portal.localhost'),
      ),
    ).toBe('http://hatch-acme.portal.localhost:8080/libraries');
  });

  it.each([
    ['/projects/create', false],
    ['/projects/edit/4', false],
    ['/materials/create/variant/Oak', false],
    ['/security/users/edit/2', false],
    ['/processor', false],
    ['/projects/copy/4', true],
    ['/projects', true],
    ['/', true],
    ['/tools/editors', true],
  ])('%s keeps its path: %s', (pathname, keeps) => {
    expect(keepsPathAcrossPlatforms(pathname)).toBe(keeps);
    const target = platformSwitchUrl('customerportal', { pathname, search: '' }, on('acme.portal.localhost'));
    expect(target.endsWith(keeps ? pathname : ':8080/')).toBe(true);
  });
});

describe('the tenant switcher target', () => {
  it("goes to the company's host, on the same explicit platform", () => {
    expect(companySwitchUrl('globex', on('acme.portal.localhost'))).toBe(
      'http://globex.portal.localhost:8080/',
    );
    expect(companySwitchUrl('globex', on('customerportal-acme.portal.localhost'))).toBe(
      'http://customerportal-globex.portal.localhost:8080/',
    );
  });

  it("keeps the path when asked to (an administrator's Select on /admin/companies)", () => {
    expect(
      companySwitchUrl('globex', on('acme.portal.localhost'), {
        pathname: '/admin/companies',
        search: '?page=2',
      }),
    ).toBe('http://globex.portal.localhost:8080/admin/companies?page=2');
    expect(
      companySwitchUrl('initech', on('hatch-acme.portal.localhost'), {
        pathname: '/admin/companies',
        search: '',
      }),
    ).toBe('http://hatch-initech.portal.localhost:8080/admin/companies');
  });
});
