import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // The portal's Link tells the navigation bar when a page is on its way (components/ui/Link.tsx).
    files: ['app/**/*.tsx', 'components/**/*.tsx', 'lib/**/*.tsx'],
    ignores: ['components/ui/Link.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'next/link', importNames: ['default'], message: "Use '@/components/ui/Link': it shows the navigation bar while the page loads." }] }],
    },
  },
  {
    ignores: ['.next/**', 'node_modules/**', 'data/**', 'next-env.d.ts', 'lib/server/db/migrations/**', 'test-results/**', 'playwright-report/**', 'bench-results/**', '.exp/**'],
  },
];

export default config;
