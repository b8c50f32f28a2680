export { TeamPage as Component } from '../features/team/team-page';
