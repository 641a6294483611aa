import { createRequire } from 'node:module';
import * as compat from 'preact/compat';
import * as compatClient from 'preact/compat/client';
import * as React from 'react';
import * as ReactDom from 'react-dom/client';
import { describe, expect, it } from 'vitest';

// The app ships on Preact's React layer (decision 068), so the tests must render with it too: our own
// files through Vite's aliases, the libraries Node loads (Mantine, React Router, Testing Library…)
// through test/react-is-preact.mjs. If either path fell back to React, tests would pass on a renderer
// that members never run.
describe('the tests render with what ships', () => {
  it('gives our own files Preact for react and react-dom', () => {
    expect(React.useState).toBe(compat.useState);
    expect(ReactDom.createRoot).toBe(compatClient.createRoot);
  });

  it('gives the libraries Node loads Preact for react and react-dom', () => {
    const require = createRequire(import.meta.url);
    expect((require('react') as typeof compat).useState).toBe(compat.useState);
    expect((require('react-dom') as typeof compat).createPortal).toBe(compat.createPortal);
  });
});
