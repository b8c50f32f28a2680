import { createContext, useContext } from 'react';
import type { Role } from '@basin/core';

/** The project the panel works on, shared by the cards deep in the message list. */
export interface AssistantProject {
  projectRef: string;
  orgSlug: string | undefined;
  role: Role | undefined;
  /** The project's REST URL: edge function URLs are built from it. */
  restUrl: string | undefined;
  /** Whether the project has a database connection to run queries on. */
  hasConnection: boolean;
}

export const AssistantProjectContext = createContext<AssistantProject | null>(null);

export function useAssistantProject(): AssistantProject {
  const project = useContext(AssistantProjectContext);
  if (!project) throw new Error('useAssistantProject needs the assistant panel around it');
  return project;
}
