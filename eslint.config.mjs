import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// The layers of docs/design.md §2 ("Layout"): imports run downwards only, app -> components -> lib, and the backend
// (lib/server) is reached by nothing but the route handlers and start-up; it speaks the contract, not the client.
const NEXT_LINK = {
  name: 'next/link',
  importNames: ['default'],
  message: "Use '@/components/ui/Link': it shows the navigation bar while the page loads.",
};
const SERVER = {
  group: ['@/lib/server', '@/lib/server/**', '**/lib/server/**'],
  message: 'Only route handlers and start-up reach the backend; pages go through lib/api.',
};
const COMPONENTS = {
  group: ['@/components/**', '**/components/**'],
  message: 'lib/ never imports components/: move the React part into components/<feature>.',
};
const APP = { group: ['@/app/**'], message: 'Nothing imports a page.' };
const CLIENT = {
  group: ['@/lib/api', '@/lib/api/**'],
  message: 'The backend imports the contract (lib/contract), never the client.',
};
// Issue 33: services know nothing of HTTP (lib/server/http, the lanes, the endpoint table) and build no Response.
const TRANSPORT = {
  group: [
    '@/lib/server/http',
    '@/lib/server/http/**',
    '@/lib/server/lanes/**',
    '@/lib/server/endpoints',
    '@/lib/server/endpoints/**',
    '**/http/**',
    '**/lanes/**',
    '**/endpoints/**',
  ],
  message: 'Services know nothing of HTTP: return plain data and let lib/server/http (or the route) answer.',
};
const NEW_RESPONSE = {
  selector: "NewExpression[callee.name='Response']",
  message: 'Services build no Response: return a result or a descriptor; lib/server/http writes it.',
};
// Issue 33: a refusal's message comes from lib/contract (by domain), written once, never typed at the throw.
const MESSAGE_LITERAL = [
  {
    selector: "NewExpression[callee.name='ServiceError'] > Literal:first-child",
    message: 'Take the message from lib/contract (one definition per text), not a literal.',
  },
  {
    selector: "NewExpression[callee.name='ServiceError'] > TemplateLiteral:first-child",
    message: 'Take the message from lib/contract (a function there when it has a part), not a template literal.',
  },
];
const restrict = (...patterns) => ['error', { paths: [NEXT_LINK], patterns }];
// Issue 21: pages and components call endpoints through the contract (call, load, apiQuery), not the untyped request.
const UNTYPED_CALL = {
  selector: "CallExpression[callee.property.name='request']",
  message: 'Call an endpoint with call(api, path, body) (lib/api/core): path, body and answer come from the contract.',
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.{ts,tsx,mjs}'],
    // Packages are not parsed for cycles: they have none with the project, and some are too large to parse.
    settings: { 'import/ignore': ['node_modules'] },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Pages and components: no backend. The route handlers under app/api, app/modules and app/media are the
  // backend's HTTP face, and the bench pages (test hooks only) call the backend's hook directly.
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(SERVER, APP), 'no-restricted-syntax': ['error', UNTYPED_CALL] },
  },
  { files: ['app/api/**', 'app/modules/**', 'app/media/**'], rules: { 'no-restricted-imports': restrict(APP) } },
  {
    files: ['lib/**/*.{ts,tsx}'],
    ignores: ['lib/server/**'],
    rules: { 'no-restricted-imports': restrict(COMPONENTS, APP) },
  },
  {
    files: ['lib/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(COMPONENTS, APP, CLIENT),
      'no-restricted-syntax': ['error', ...MESSAGE_LITERAL],
    },
  },
  // Issue 33: services are free of HTTP. They return plain data and throw ServiceError (lib/server/errors);
  // lib/server/http and the route handlers turn that into a Response.
  {
    files: ['lib/server/services/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(COMPONENTS, APP, CLIENT, TRANSPORT),
      'no-restricted-syntax': ['error', NEW_RESPONSE, ...MESSAGE_LITERAL],
    },
  },
  // The one wrapper of next/link.
  { files: ['components/ui/Link.tsx'], rules: { 'no-restricted-imports': 'off' } },
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      'next-env.d.ts',
      'lib/server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      '.exp/**',
    ],
  },
];

export default config;
