export { api, cancelRequestsNotFrom, onUnauthorized, sessionEnded, httpClient, postEarly, type RequestOptions } from './client';
export { learnedCalls } from './first-screen';
export { ApiError, classifyResponse, pageMessageOf } from './errors';
export { setNotifier } from './notify';
