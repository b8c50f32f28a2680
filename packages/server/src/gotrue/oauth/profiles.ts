/**
 * What a provider says of its user, as GoTrue keeps it (its UserProvidedData): the addresses with
 * whether each is verified and primary, and the identity's claims (`identity_data`), with GoTrue's
 * names and its older duplicates (full_name, avatar_url, provider_id) that apps still read.
 */

export interface ProviderEmail {
  email: string;
  verified: boolean;
  primary: boolean;
}

export interface ProviderProfile {
  emails: ProviderEmail[];
  /** identity_data: `sub` is the provider's id of the user. */
  claims: Record<string, unknown> & { sub: string };
}

/** GoTrue leaves empty claims out, but always says whether the email and phone are verified. */
function claimsOf(fields: Record<string, unknown>): ProviderProfile['claims'] {
  const claims = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  return { email_verified: false, phone_verified: false, ...claims, sub: String(fields.sub) };
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
/** Apple says "true" where others say true. */
const truthy = (value: unknown) => value === true || value === 'true';

/** The claims of an OpenID Connect provider's ID token (and userinfo), as GoTrue's generic ID token parser maps them. */
export function oidcProfile(source: Record<string, unknown>): ProviderProfile {
  const email = text(source.email);
  const name = text(source.name);
  const picture = text(source.picture);
  return {
    emails: email ? [{ email, verified: truthy(source.email_verified), primary: true }] : [],
    claims: claimsOf({
      iss: source.iss,
      sub: source.sub,
      name,
      given_name: text(source.given_name),
      family_name: text(source.family_name),
      nickname: text(source.nickname),
      preferred_username: text(source.preferred_username),
      picture,
      email,
      email_verified: truthy(source.email_verified),
      phone: text(source.phone_number),
      phone_verified: truthy(source.phone_number_verified),
      full_name: name,
      avatar_url: picture,
      provider_id: source.sub,
    }),
  };
}

/** Apple names its user only in the first callback's `user` form field. */
export function withAppleName(profile: ProviderProfile, user: string | undefined): ProviderProfile {
  if (!user) return profile;
  try {
    const { name } = JSON.parse(user) as { name?: { firstName?: string; lastName?: string } };
    const full = `${name?.firstName ?? ''} ${name?.lastName ?? ''}`.trim();
    return full ? { ...profile, claims: { ...profile.claims, name: full, full_name: full } } : profile;
  } catch {
    return profile;
  }
}

interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string;
}
interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

export function githubProfile(apiUrl: string, user: GitHubUser, emails: GitHubEmail[]): ProviderProfile {
  const id = String(user.id);
  return {
    emails: emails.filter((e) => e.email).map(({ email, verified, primary }) => ({ email, verified, primary })),
    claims: claimsOf({
      iss: apiUrl,
      sub: id,
      name: user.name,
      preferred_username: user.login,
      avatar_url: user.avatar_url,
      full_name: user.name,
      provider_id: id,
      user_name: user.login,
    }),
  };
}

interface GitLabUser {
  id: number;
  name: string;
  email: string;
  avatar_url: string;
  confirmed_at: string | null;
}

/** GitLab confirms only the primary address; the others come unverified. */
export function gitlabProfile(host: string, user: GitLabUser, emails: { email: string }[]): ProviderProfile {
  const id = String(user.id);
  return {
    emails: [
      ...emails.filter((e) => e.email).map(({ email }) => ({ email, verified: false, primary: false })),
      ...(user.email ? [{ email: user.email, verified: Boolean(user.confirmed_at), primary: true }] : []),
    ],
    claims: claimsOf({
      iss: host,
      sub: id,
      name: user.name,
      picture: user.avatar_url,
      avatar_url: user.avatar_url,
      full_name: user.name,
      provider_id: id,
    }),
  };
}

interface DiscordUser {
  id: string;
  username: string;
  discriminator: string;
  global_name: string | null;
  avatar: string | null;
  email: string | null;
  verified: boolean;
}

/** Discord's avatar, or its default one (by discriminator modulo 5). */
const discordAvatar = (user: DiscordUser) =>
  user.avatar
    ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.${user.avatar.startsWith('a_') ? 'gif' : 'png'}`
    : `https://cdn.discordapp.com/embed/avatars/${(Number.parseInt(user.discriminator, 10) || 0) % 5}.png`;

export function discordProfile(apiUrl: string, user: DiscordUser): ProviderProfile {
  const avatar = discordAvatar(user);
  return {
    emails: user.email ? [{ email: user.email, verified: user.verified, primary: true }] : [],
    claims: claimsOf({
      iss: apiUrl,
      sub: user.id,
      name: `${user.username}#${user.discriminator}`,
      picture: avatar,
      custom_claims: { global_name: user.global_name ?? '' },
      avatar_url: avatar,
      full_name: user.username,
      provider_id: user.id,
    }),
  };
}

/**
 * The identity's email claims from its addresses, as GoTrue's callback sets them: the primary
 * address, else the last one listed.
 */
export function withChosenEmail(profile: ProviderProfile): ProviderProfile {
  const chosen = profile.emails.find((email) => email.primary) ?? profile.emails.at(-1);
  if (!chosen) return profile;
  return { ...profile, claims: { ...profile.claims, email: chosen.email, email_verified: chosen.verified } };
}
