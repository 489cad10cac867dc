import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
// jsdom does no layout; Fluent's focus manager needs a browser-like answer (see the file).
import './shared/src/kit/testing/jsdom-layout';
// jsdom lacks these; react-router needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Every test starts with an empty tab: the wizards keep their drafts in sessionStorage.
// (Files that ask for the node environment have no window.)
afterEach(() => globalThis.sessionStorage?.clear());

// Fluent's comboboxes are slow under jsdom on a 2-core machine; a hook or test that needs longer
// than this is a hang, not slowness. (jest ignores `testTimeout` inside a project.)
jest.setTimeout(30_000);
