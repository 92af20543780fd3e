#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so `npx referee` works right after `npm install`
// with no build step to remember.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
