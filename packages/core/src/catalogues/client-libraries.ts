/** Client libraries shown beside the example projects (spec part 2 §2). Unofficial ones get a 'Community' badge. */
export interface ClientLibrary {
  language: string;
  docsUrl: string;
  githubUrl: string;
  official: boolean;
}

export const CLIENT_LIBRARIES: readonly ClientLibrary[] = [
  {
    language: 'JavaScript',
    docsUrl: 'https://supabase.com/docs/reference/javascript/introduction',
    githubUrl: 'https://github.com/supabase/supabase-js',
    official: true,
  },
  {
    language: 'Flutter',
    docsUrl: 'https://supabase.com/docs/reference/dart/introduction',
    githubUrl: 'https://github.com/supabase/supabase-flutter',
    official: true,
  },
  {
    language: 'Swift',
    docsUrl: 'https://supabase.com/docs/reference/swift/introduction',
    githubUrl: 'https://github.com/supabase/supabase-swift',
    official: true,
  },
  {
    language: 'Python',
    docsUrl: 'https://supabase.com/docs/reference/python/introduction',
    githubUrl: 'https://github.com/supabase/supabase-py',
    official: true,
  },
  {
    language: 'C#',
    docsUrl: 'https://supabase.com/docs/reference/csharp/introduction',
    githubUrl: 'https://github.com/supabase-community/supabase-csharp',
    official: false,
  },
  {
    language: 'Kotlin',
    docsUrl: 'https://supabase.com/docs/reference/kotlin/introduction',
    githubUrl: 'https://github.com/supabase-community/supabase-kt',
    official: false,
  },
  {
    language: 'Go',
    docsUrl: 'https://pkg.go.dev/github.com/supabase-community/supabase-go',
    githubUrl: 'https://github.com/supabase-community/supabase-go',
    official: false,
  },
];

/** The badge a library card shows, if any. */
export function clientLibraryBadge(library: Pick<ClientLibrary, 'official'>): 'Community' | null {
  return library.official ? null : 'Community';
}
