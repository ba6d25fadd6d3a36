export * from './core/http';
export * from './core/events';
export { allRoutes } from './routes';
export { allEvents, eventsByType } from './events';
export * from './jobs';
