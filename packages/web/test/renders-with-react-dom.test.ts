import { createRequire } from 'node:module';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import { describe, expect, it } from 'vitest';

// The app runs on React 19 with React DOM 19 (decision 088, superseding 068's Preact layer), and the tests
// render with it: our own files and the libraries Node loads (Mantine, React Router, Testing Library…) must
// all get the same React DOM 19, never an alias to another renderer. The built bundle is checked for React
// DOM's version by test/first-load-budget.test.ts.
describe('the tests render with React DOM 19', () => {
  it('gives our own files React 19 and React DOM 19', () => {
    expect(React.version).toMatch(/^19\./);
    expect(ReactDom.version).toBe(React.version);
    expect(typeof ReactDomClient.hydrateRoot).toBe('function');
  });

  it('gives the libraries Node loads the same React and React DOM', () => {
    const require = createRequire(import.meta.url);
    const nodeReact = require('react') as typeof React;
    const nodeReactDom = require('react-dom') as typeof ReactDom;
    expect(nodeReact.version).toBe(React.version);
    expect(nodeReactDom.version).toBe(React.version);
    // One React for all: a second copy would break hooks in every library component.
    expect(nodeReact.useState).toBe(React.useState);
  });

  it('has no Preact left to fall back to', () => {
    const require = createRequire(import.meta.url);
    expect(() => require.resolve('preact')).toThrow();
  });
});
