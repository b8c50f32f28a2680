import type { RouteObject } from 'react-router';
import { ProjectLayout } from '../features/project-layout/project-layout';

/** The project layout with a stand-in home page (and a field to type in). */
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
    ],
  },
  { path: '/support/new', element: <p>Support form</p> },
];
