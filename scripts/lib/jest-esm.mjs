/**
 * Pure-ESM packages the server loads with import() (openid-client and its dependencies) are compiled for Jest, which
 * runs the tests as CommonJS; Next.js's build takes them as they are. Wraps a next/jest config function.
 */
const ESM_ONLY = ['openid-client', 'oauth4webapi', 'jose'];

export const withEsmPackages = (jestConfig) => async () => {
  const resolved = await jestConfig();
  // next/jest's first pattern ignores node_modules except its own packages: those are added to its exceptions.
  resolved.transformIgnorePatterns = resolved.transformIgnorePatterns.map((p) =>
    p.startsWith('/node_modules/') ? p.replace('(?!(', `(?!(${ESM_ONLY.join('|')}|`) : p,
  );
  return resolved;
};
