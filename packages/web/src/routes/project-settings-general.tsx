export { GeneralSettings as Component } from '../features/project-settings/general-settings';
