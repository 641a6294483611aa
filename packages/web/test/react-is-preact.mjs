// Tests render with what ships (decision 068): Preact's React layer wherever a library asks for React.
// Vite's aliases reach only the files Vite itself loads; libraries that Node loads (externalised, many
// of them CommonJS) resolve `react` here instead, through Node's synchronous resolve hook.
import { registerHooks } from 'node:module';

const preactFor = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(preactFor[specifier] ?? specifier, context);
  },
});
