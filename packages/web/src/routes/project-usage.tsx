export { UsagePage as Component } from '../features/usage/usage-page';
