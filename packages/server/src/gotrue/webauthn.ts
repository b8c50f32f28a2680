/**
 * WebAuthn ceremonies with @simplewebauthn/server, shared by MFA factors (mfa-webauthn.ts) and
 * passkeys (passkeys.ts): the project's relying party, the options a browser is given, and the
 * check of what it answers. As in GoTrue, the relying party is the server's configuration
 * (GOTRUE_WEBAUTHN_RP_*), never the rpId or origins a client sends; unset, Basin takes the site
 * URL's host and origin and the project's name, so a switch alone turns the feature on.
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthContext } from './context.ts';
import type { UserRow } from './users.ts';

export interface RelyingParty {
  id: string;
  origins: string[];
  name: string;
}

export function relyingParty(auth: AuthContext): RelyingParty {
  const site = new URL(auth.settings.site_url);
  return {
    id: auth.settings.webauthn_rp_id ?? site.hostname,
    origins: auth.settings.webauthn_rp_origins?.split(',') ?? [site.origin],
    name: auth.settings.webauthn_rp_display_name ?? auth.project.name,
  };
}

/** A registered credential as the checks need it; binary parts base64url. */
export interface StoredCredential {
  id: string;
  public_key: string;
  counter: number;
  transports: string[];
}

/** What a new credential brings along, for the passkey list and its friendly name. */
export interface NewCredential extends StoredCredential {
  aaguid: string;
  attestation_type: string;
  backup_eligible: boolean;
  backed_up: boolean;
}

/** What the server keeps of a ceremony between its options and the browser's answer. */
export interface Ceremony {
  type: 'create' | 'request';
  challenge: string;
}

/**
 * GoTrue's user handle: the user id's text, so a passkey's assertion names its user. Factors ask
 * for no resident key; passkeys need one, being found by the browser without a user name.
 */
export function registrationOptions(
  rp: RelyingParty,
  user: UserRow,
  exclude: StoredCredential[],
  residentKey: 'discouraged' | 'required',
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const name = user.email || user.phone || user.id;
  const displayName =
    typeof user.raw_user_meta_data?.name === 'string' && user.raw_user_meta_data.name ? user.raw_user_meta_data.name : name;
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(user.id),
    userName: name,
    userDisplayName: displayName,
    attestationType: 'none',
    excludeCredentials: exclude.map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: { residentKey, userVerification: 'preferred' },
  });
}

/** Options for an assertion by one of `allow`; none: any discoverable credential (a passkey sign-in). */
export function authenticationOptions(rp: RelyingParty, allow: StoredCredential[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allow.map(({ id, transports }) => ({ id, transports })),
    userVerification: 'preferred',
  });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an answer must match: the ceremony's challenge, one of the relying party's origins, its ID.
 * User verification is preferred, not required, as GoTrue asks for it: presence is what is checked.
 */
const expected = (rp: RelyingParty, ceremony: Ceremony) => ({
  expectedChallenge: ceremony.challenge,
  expectedOrigin: rp.origins,
  expectedRPID: rp.id,
  requireUserVerification: false,
});

/**
 * The credential a registration answer makes, or undefined when it fails any check (challenge,
 * origin, relying party, attestation) or is not an answer at all.
 */
export async function checkRegistration(rp: RelyingParty, ceremony: Ceremony, response: unknown): Promise<NewCredential | undefined> {
  if (ceremony.type !== 'create' || !isObject(response)) return undefined;
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      ...expected(rp, ceremony),
      response: response as unknown as RegistrationResponseJSON,
    });
    if (!verified) return undefined;
    const { credential, aaguid, fmt, credentialDeviceType, credentialBackedUp } = registrationInfo;
    return {
      id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      aaguid,
      attestation_type: fmt,
      backup_eligible: credentialDeviceType === 'multiDevice',
      backed_up: credentialBackedUp,
    };
  } catch {
    return undefined;
  }
}

/** The id of the credential an assertion names, when it is an assertion at all. */
export const assertionCredentialId = (response: unknown): string | undefined =>
  isObject(response) && typeof response.id === 'string' && response.id ? response.id : undefined;

/** The user handle of an assertion (a passkey's), decoded; undefined when it carries none. */
export function assertionUserHandle(response: unknown): string | undefined {
  const handle = isObject(response) && isObject(response.response) ? response.response.userHandle : undefined;
  return typeof handle === 'string' && handle ? Buffer.from(handle, 'base64url').toString() : undefined;
}

/**
 * The credential's new signature counter after a valid assertion by it, or undefined when the
 * assertion fails a check, the counter included: one not above the stored one is a cloned key's.
 */
export async function checkAssertion(
  rp: RelyingParty,
  ceremony: Ceremony,
  response: unknown,
  credential: StoredCredential,
): Promise<number | undefined> {
  if (ceremony.type !== 'request' || assertionCredentialId(response) !== credential.id) return undefined;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      ...expected(rp, ceremony),
      response: response as unknown as AuthenticationResponseJSON,
      credential: { id: credential.id, publicKey: Buffer.from(credential.public_key, 'base64url'), counter: credential.counter },
    });
    return verified ? authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
