import { RequestMethod } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../src/common/decorators';
import { ApiClient, startTestApp, type TestApp } from './helpers';

/** Closed by default: walks every route and checks that only the deliberate few are public. */
describe('route access', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const PUBLIC_ROUTES = [
    'POST /api/register',
    'POST /api/login',
    'POST /api/logout',
    'GET /api/user',
    'GET /api/health',
    'GET /health/live',
    'GET /health/ready',
    // Authorised by its single-use, expiring token, like a presigned storage URL.
    'PUT /api/objects/upload/:token',
  ];

  function routes(): { route: string; isPublic: boolean; path: string; method: string }[] {
    const discovery = t.app.get(DiscoveryService);
    const scanner = t.app.get(MetadataScanner);
    const reflector = t.app.get(Reflector);
    const found: { route: string; isPublic: boolean; path: string; method: string }[] = [];
    for (const wrapper of discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || !wrapper.metatype) continue;
      const base = String(Reflect.getMetadata('path', wrapper.metatype) ?? '');
      for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const handler = instance[name] as object;
        const paths = Reflect.getMetadata('path', handler) as string | string[] | undefined;
        const method = Reflect.getMetadata('method', handler) as RequestMethod | undefined;
        if (paths === undefined || method === undefined) continue;
        const isPublic = !!reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
          handler as never,
          wrapper.metatype,
        ]);
        for (const path of [paths].flat()) {
          const full = `/${[base, path]
            .map((p) => p.replace(/^\/|\/$/g, ''))
            .filter(Boolean)
            .join('/')}`;
          found.push({
            route: `${RequestMethod[method]} ${full}`,
            isPublic,
            path: full,
            method: RequestMethod[method],
          });
        }
      }
    }
    return found;
  }

  it('marks only the intended routes public', () => {
    const publicRoutes = routes()
      .filter((r) => r.isPublic)
      .map((r) => r.route)
      .sort();
    expect(publicRoutes).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 to a signed-out caller on every guarded route', async () => {
    const client = new ApiClient(t.url);
    const guarded = routes().filter((r) => !r.isPublic);
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const path = r.path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await client.request(
        r.method,
        path,
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      );
      expect({ route: r.route, status: res.status }).toEqual({ route: r.route, status: 401 });
    }
  });
});
