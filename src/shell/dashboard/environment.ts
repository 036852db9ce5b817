/**
 * The environment the portal runs in (development, test, acceptance or production), which decides which changelog
 * dates the Updates box shows. A deployment names it with the server's `APP_ENVIRONMENT`, which arrives in the
 * runtime config (`environment`); otherwise a production build is 'production' and anything else 'development'.
 */
export const ENVIRONMENTS = ['development', 'test', 'acceptance', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const isEnvironment = (value: unknown): value is Environment => ENVIRONMENTS.includes(value as Environment);

export function currentEnvironment(
  configured: unknown = window.__PORTAL_CONFIG__?.environment,
  productionBuild: boolean = import.meta.env.PROD,
): Environment {
  if (isEnvironment(configured)) return configured;
  return productionBuild ? 'production' : 'development';
}
