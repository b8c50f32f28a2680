import { CLIENT_LIBRARIES, EXAMPLE_APPS } from '@basin/core';
import type { ReactNode } from 'react';
import { ClientLibraryCard } from './client-library-card';
import { ExampleCard } from './example-card';

/** A titled grid of catalogue cards. */
function CatalogueSection({
  id,
  title,
  gridClassName,
  children,
}: {
  id: string;
  title: string;
  gridClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-sm font-medium">
        {title}
      </h3>
      <ul className={gridClassName}>{children}</ul>
    </section>
  );
}

export function ClientLibrariesSection() {
  return (
    <CatalogueSection
      id="client-libraries-heading"
      title="Client libraries"
      gridClassName="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4"
    >
      {CLIENT_LIBRARIES.map((library) => (
        <ClientLibraryCard key={library.language} library={library} />
      ))}
    </CatalogueSection>
  );
}

export function ExampleProjectsSection() {
  return (
    <CatalogueSection id="example-projects-heading" title="Example projects" gridClassName="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {EXAMPLE_APPS.map((app) => (
        <ExampleCard key={app.title} app={app} />
      ))}
    </CatalogueSection>
  );
}
