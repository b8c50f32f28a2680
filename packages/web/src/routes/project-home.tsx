export { ProjectHome as Component } from '../features/project-home/project-home';
