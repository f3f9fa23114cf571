/** Test helpers for web tests only (never imported by app code): a fake tRPC API and a screen renderer. */
export { ApiTestProvider, apiError, type ApiHandlers, createFakeApi, type FakeApi } from './fake-api';
export { renderScreen, type RenderScreenOptions } from './render-screen';
