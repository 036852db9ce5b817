/**
 * How the portal's router provider reads an address for refine's hooks (src/providers/router-provider.ts): the
 * resource, action and record of the path, only refine's own parameters of the query, and the path matched
 * against the resources once however many components read it.
 */
import { Refine, useParsed } from '@refinedev/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routerProvider } from '@/providers/router-provider';

const matches = vi.hoisted(() => ({ count: 0 }));
vi.mock('@refinedev/core', async (importActual) => {
  const actual = await importActual<typeof import('@refinedev/core')>();
  return {
    ...actual,
    matchResourceFromRoute: (...args: Parameters<typeof actual.matchResourceFromRoute>) => {
      matches.count += 1;
      return actual.matchResourceFromRoute(...args);
    },
  };
});

const RESOURCES = [
  { name: 'projects', list: '/projects', edit: '/projects/edit/:id', show: '/projects/show/:id' },
  { name: 'models', list: '/projects/models', show: '/projects/models/overview/:id' },
];

function Probe({ index }: { index: number }) {
  const parsed = useParsed();
  return <output data-testid={`parsed-${index}`}>{JSON.stringify(parsed)}</output>;
}

/** Renders `probes` readers of the address: inside a route of `routePath`, or outside every route (a layout). */
function renderAt(address: string, routePath: string | null, probes = 1) {
  const readers = Array.from({ length: probes }, (_, index) => <Probe key={index} index={index} />);
  return render(
    <MemoryRouter initialEntries={[address]}>
      <Refine routerProvider={routerProvider} resources={RESOURCES} options={{ disableTelemetry: true }}>
        {routePath ? (
          <Routes>
            <Route path={routePath} element={readers} />
          </Routes>
        ) : (
          readers
        )}
      </Refine>
    </MemoryRouter>,
  );
}

const parsedOf = (index = 0) => JSON.parse(screen.getByTestId(`parsed-${index}`).textContent ?? '{}');

describe("the router provider's reading of an address", () => {
  it("gives the path's resource, action and record, and of the query only refine's own parameters", () => {
    renderAt(
      '/projects/edit/7%20b?currentPage=3&pageSize=25&filters[0][field]=name&tab=history&to=%2Fprojects',
      '/projects/edit/:id',
    );
    const parsed = parsedOf();
    expect(parsed.resource.name).toBe('projects');
    expect(parsed.action).toBe('edit');
    expect(parsed.id).toBe('7 b');
    expect(parsed.pathname).toBe('/projects/edit/7%20b');
    expect(parsed.params).toEqual({
      currentPage: 3,
      pageSize: 25,
      filters: [{ field: 'name' }],
      to: '/projects',
    });
  });

  it("finds the record in the path for a component outside the route that shows it (the layout's)", () => {
    renderAt('/projects/models/overview/12', null);
    const parsed = parsedOf();
    expect(parsed.resource.name).toBe('models');
    expect(parsed.action).toBe('show');
    expect(parsed.id).toBe('12');
    expect(parsed.params).toEqual({});
  });

  it('matches a path against the resources once, however many components read it', () => {
    const before = matches.count;
    renderAt('/projects/show/9', '/projects/show/:id', 20);
    expect(parsedOf(19).id).toBe('9');
    expect(matches.count - before).toBe(1);
  });
});
