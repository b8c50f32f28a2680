/** Example projects shown on the project setup screen and the project home (spec part 2 §2, §3). */
export const EXAMPLE_APP_FRAMEWORKS = [
  'nextjs',
  'react',
  'vue',
  'nuxt',
  'sveltekit',
  'angular',
  'solid',
  'expo',
  'flutter',
  'swift',
] as const;
export type ExampleAppFramework = (typeof EXAMPLE_APP_FRAMEWORKS)[number];

export const EXAMPLE_APP_TYPES = ['app', 'mobile'] as const;
export type ExampleAppType = (typeof EXAMPLE_APP_TYPES)[number];

export interface ExampleApp {
  framework: ExampleAppFramework;
  title: string;
  description: string;
  url: string;
  type: ExampleAppType;
}

const EXAMPLES_ROOT = 'https://github.com/supabase/supabase/tree/master/examples';

export const EXAMPLE_APPS: readonly ExampleApp[] = [
  {
    framework: 'nextjs',
    title: 'Next.js user management',
    description: 'Sign up, sign in and a profile page with an avatar upload, built with the App Router.',
    url: `${EXAMPLES_ROOT}/user-management/nextjs-user-management`,
    type: 'app',
  },
  {
    framework: 'nextjs',
    title: 'Next.js Slack clone',
    description: 'Channels and messages that update live for every member, with row level security.',
    url: `${EXAMPLES_ROOT}/slack-clone/nextjs-slack-clone`,
    type: 'app',
  },
  {
    framework: 'nextjs',
    title: 'Next.js todo list',
    description: 'A small todo list: insert, update and delete rows that belong to the signed-in user.',
    url: `${EXAMPLES_ROOT}/todo-list/nextjs-todo-list`,
    type: 'app',
  },
  {
    framework: 'react',
    title: 'React user management',
    description: 'A single-page React app with email sign-in and an editable profile.',
    url: `${EXAMPLES_ROOT}/user-management/react-user-management`,
    type: 'app',
  },
  {
    framework: 'vue',
    title: 'Vue 3 user management',
    description: 'Profiles and avatars in a Vue 3 app using the composition API.',
    url: `${EXAMPLES_ROOT}/user-management/vue3-user-management`,
    type: 'app',
  },
  {
    framework: 'nuxt',
    title: 'Nuxt user management',
    description: 'Server-rendered Nuxt pages with sessions shared between server and browser.',
    url: `${EXAMPLES_ROOT}/user-management/nuxt3-user-management`,
    type: 'app',
  },
  {
    framework: 'sveltekit',
    title: 'SvelteKit user management',
    description: 'Form actions and server hooks that keep the user session in cookies.',
    url: `${EXAMPLES_ROOT}/user-management/sveltekit-user-management`,
    type: 'app',
  },
  {
    framework: 'angular',
    title: 'Angular user management',
    description: 'An Angular app with a profile form backed by a table with row level security.',
    url: `${EXAMPLES_ROOT}/user-management/angular-user-management`,
    type: 'app',
  },
  {
    framework: 'solid',
    title: 'SolidJS user management',
    description: 'Fine-grained reactive profile editing with SolidJS.',
    url: `${EXAMPLES_ROOT}/user-management/solid-user-management`,
    type: 'app',
  },
  {
    framework: 'expo',
    title: 'Expo user management',
    description: 'A React Native app for iOS and Android with sign-in and profile photos.',
    url: `${EXAMPLES_ROOT}/user-management/expo-user-management`,
    type: 'mobile',
  },
  {
    framework: 'expo',
    title: 'Expo todo list',
    description: 'A mobile todo list that syncs its rows for the signed-in user.',
    url: `${EXAMPLES_ROOT}/todo-list/expo-todo-list`,
    type: 'mobile',
  },
  {
    framework: 'flutter',
    title: 'Flutter user management',
    description: 'A cross-platform Flutter app with magic-link sign-in and a profile screen.',
    url: `${EXAMPLES_ROOT}/user-management/flutter-user-management`,
    type: 'mobile',
  },
  {
    framework: 'swift',
    title: 'Swift user management',
    description: 'A native SwiftUI app for iOS with sign-in and an editable profile.',
    url: `${EXAMPLES_ROOT}/user-management/swift-user-management`,
    type: 'mobile',
  },
];

/** Frameworks whose logo is dark, so dark themes use a light variant of the icon. */
const DARK_ICON_VARIANT: readonly ExampleAppFramework[] = ['expo', 'nextjs'];

export function hasDarkIconVariant(framework: ExampleAppFramework): boolean {
  return DARK_ICON_VARIANT.includes(framework);
}
