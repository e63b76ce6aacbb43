export * from './canonical';
export * from './random';
export * from './des';
export * from './headers';
export * from './envelope';
export * from './request';
export * from './api-types';
// Not './rsa': its jsencrypt is loaded on first use (src/providers/auth-provider.ts, loadRsa), never with a page.
