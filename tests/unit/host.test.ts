// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseHost, tenantHost } from '@shared/host';
import { resolveDeployment } from '@/lib/runtime-config';

const domain = 'portal.localhost';

describe('parseHost', () => {
  it.each([
    ['portal.localhost', null, 'hatch', false],
    ['portal.localhost:8080', null, 'hatch', false],
    ['acme.portal.localhost:8080', 'acme', 'hatch', false],
    ['hatch-acme.portal.localhost', 'acme', 'hatch', true],
    ['customerportal-acme.portal.localhost:8080', 'acme', 'customerportal', true],
    ['my-company.portal.localhost', 'my-company', 'hatch', false],
    ['HATCH-Acme.Portal.Localhost', 'acme', 'hatch', true],
    ['localhost:8080', null, 'hatch', false],
    ['a.b.portal.localhost', null, 'hatch', false],
    ['evilportal.localhost', null, 'hatch', false],
  ])('%s → company %s on %s', (host, company, platform, explicitPlatform) => {
    expect(parseHost(host, domain)).toEqual({ company, platform, explicitPlatform });
  });

  it('builds the sibling host of a platform', () => {
    expect(tenantHost('acme', 'customerportal', domain, 8080)).toBe(
      'customerportal-acme.portal.localhost:8080',
    );
  });
});

describe('resolveDeployment', () => {
  it('derives the public and tenant API hosts from the page', () => {
    const deployment = resolveDeployment({
      protocol: 'http:',
      hostname: 'hatch-acme.portal.localhost',
      port: '8080',
    });
    expect(deployment.host.company).toBe('acme');
    expect(deployment.publicApiUrl).toBe('http://portal.localhost:8080/api/v2');
    expect(deployment.tenantApiUrl('acme')).toBe('http://acme.portal.localhost:8080/api/v2');
  });

  it('uses configured API hosts when the server injects them', () => {
    const deployment = resolveDeployment(
      { protocol: 'https:', hostname: 'acme.portal.example', port: '' },
      {
        domain: 'portal.example',
        publicApiUrl: 'https://api.example/api/v2',
        tenantApiUrl: 'https://{tenant}.api.example/api/v2',
      },
    );
    expect(deployment.publicApiUrl).toBe('https://api.example/api/v2');
    expect(deployment.tenantApiUrl('acme')).toBe('https://acme.api.example/api/v2');
  });
});
