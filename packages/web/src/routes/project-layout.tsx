export { ProjectLayout as Component } from '../features/project-layout/project-layout';
