export { api, cancelRequestsNotFrom, onUnauthorized, httpClient, type RequestOptions } from './client';
export { ApiError, classifyResponse, type ErrorKind } from './errors';
export { setNotifier, type Notifier } from './notify';
