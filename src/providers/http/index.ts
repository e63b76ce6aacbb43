export { api, cancelRequestsNotFrom, onUnauthorized, sessionEnded, httpClient, postEarly, type RequestOptions } from './client';
export { learnedCalls } from './first-screen';
export { ApiError, classifyResponse, pageMessageOf, type ErrorKind } from './errors';
export { setNotifier, type Notifier } from './notify';
