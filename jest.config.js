/** One jest run across the workspaces; `npm test` runs it after lint, typecheck and build. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
/**
 * The backend loads ES-module-only packages (pg-boss) with `import()`: kept as an import here, jest loads them as
 * ES modules (it runs with --experimental-vm-modules, as `npm test` does) instead of failing to `require()` them.
 */
const backendSwc = [swc[0], { ...swc[1], module: { type: 'commonjs', ignoreDynamic: true } }];
const shared = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '^@piste/contracts$': '<rootDir>/libs/contracts/src/index.ts' },
  rootDir: __dirname,
};

module.exports = {
  // One test file at a time (the journeys and socket tests share two cores), but always in a worker process,
  // never in Jest's own: what a file leaves running after its tests (a store's timer, a socket closing late)
  // then cannot outlive the run inside the process whose exit code CI reads. Setting a memory limit is what
  // keeps a single worker out of band; it also restarts the worker when a file leaves it large.
  maxWorkers: 1,
  workerIdleMemoryLimit: '2GB',
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  transform: shared.transform,
  rootDir: __dirname,
  testTimeout: 30000,
  projects: [
    {
      ...shared,
      displayName: 'contracts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/libs/contracts/src/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'backend',
      transform: { '^.+\\.(t|j)sx?$': backendSwc },
      testEnvironment: 'node',
      testMatch: ['<rootDir>/backend/src/**/*.spec.ts', '<rootDir>/backend/test/**/*.spec.ts'],
      setupFiles: ['reflect-metadata'],
    },
    {
      ...shared,
      displayName: 'frontend',
      testEnvironment: 'jsdom',
      // Components speak through i18next: every catalogue is loaded before any test renders.
      setupFiles: ['<rootDir>/frontend/src/test-support/i18n.ts'],
      testMatch: ['<rootDir>/frontend/src/**/*.test.ts', '<rootDir>/frontend/src/**/*.test.tsx'],
      // wouter ships ES modules only: compiled like the app's own, so the router's own test runs it.
      transformIgnorePatterns: ['/node_modules/(?!wouter/)'],
    },
    {
      ...shared,
      displayName: 'e2e',
      // Journeys compute authenticator codes with otplib, an ES-module-only package, loaded as the backend loads it.
      transform: { '^.+\\.(t|j)sx?$': backendSwc },
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
    },
  ],
};
