import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// findBy… and waitFor wait for a condition; their default gives up after 1 s, which a first render of
// antd under jsdom can take on a two-core machine at load 8 (keep-alive.test.tsx failed so). A wait
// that is met returns at once, so a long limit costs nothing on a quiet machine.
configure({ asyncUtilTimeout: 15_000 });
