import { EXAMPLE_APPS, CLIENT_LIBRARIES } from '@basin/core';
import { ClientLibraryCard } from './client-library-card';
import { ExampleCard } from './example-card';

export function ClientLibrariesSection() {
  return (
    <section aria-labelledby="client-libraries-heading" className="flex flex-col gap-3">
      <h3 id="client-libraries-heading" className="text-sm font-medium">
        Client libraries
      </h3>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {CLIENT_LIBRARIES.map((library) => (
          <ClientLibraryCard key={library.language} library={library} />
        ))}
      </ul>
    </section>
  );
}

export function ExampleProjectsSection() {
  return (
    <section aria-labelledby="example-projects-heading" className="flex flex-col gap-3">
      <h3 id="example-projects-heading" className="text-sm font-medium">
        Example projects
      </h3>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {EXAMPLE_APPS.map((app) => (
          <ExampleCard key={app.title} app={app} />
        ))}
      </ul>
    </section>
  );
}
