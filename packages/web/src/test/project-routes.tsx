import type { RouteObject } from 'react-router';
import { ProjectLayout } from '../features/project-layout/project-layout';

const standIn = (title: string) => <h1>{title}</h1>;

/** The project layout with stand-in pages (the home has a field to type in). */
export const projectRoutes: RouteObject[] = [
  {
    path: '/project/:ref',
    element: <ProjectLayout />,
    children: [
      {
        index: true,
        handle: { title: 'Home' },
        element: (
          <div>
            <h1>Project home</h1>
            <input aria-label="Search" />
            <div contentEditable suppressContentEditableWarning data-testid="editor">
              editor
            </div>
          </div>
        ),
      },
      { path: 'settings/general', handle: { title: 'General' }, element: standIn('Settings page') },
      { path: 'database/backups/scheduled', handle: { title: 'Backups' }, element: standIn('Backups page') },
      { path: 'sql', handle: { title: 'SQL' }, element: standIn('SQL page') },
      { path: 'editor', handle: { title: 'Tables', tableParam: 'table' }, element: standIn('Tables page') },
      { path: 'reports/:id', handle: { title: 'Reports' }, element: standIn('Report page') },
    ],
  },
  { path: '/support/new', element: <p>Support form</p> },
];
