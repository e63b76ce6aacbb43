export * from './canonical';
export * from './random';
export * from './des';
export * from './headers';
export * from './envelope';
export * from './request';
export * from './api-types';
export * from './rsa';
