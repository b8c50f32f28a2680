/**
 * The 'Verify JWT' switch (a checkbox with role switch, keyboard: Space) and what it means: spread
 * on a Checkbox in the function's settings, on a CheckboxField in the deploy form.
 */
export const VERIFY_JWT = {
  role: 'switch',
  label: 'Verify JWT',
  description:
    "Only requests with the project's anon or service_role key, or a signed-in user's access token, in the Authorization header reach the function. Turn it off for webhooks that sign their requests in their own way.",
} as const;
