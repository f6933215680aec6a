import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Two cores run several antd-heavy files at once; lazy pages and notices can take seconds to appear.
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
