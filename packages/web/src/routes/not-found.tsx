export { NotFound as Component } from '../features/errors/not-found';
