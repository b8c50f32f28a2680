/**
 * The image catalogue: which operand image runs each Postgres major. CloudNativePG reads the
 * version from the tag (`17`, `17.6`, `17-standard-trixie`, `17.6-standard-trixie`), refuses
 * `latest` and digest-only references, and upgrades a major in place only between images of one
 * operating system, i.e. tags with the same suffix after the version.
 */
import type { PostgresMajor } from '../types.ts';

const MAJORS: readonly PostgresMajor[] = ['15', '17'];

interface ParsedTag {
  /** e.g. '17' or '17.6' */
  version: string;
  major: number;
  /** What follows the version, e.g. '-standard-trixie'; '' for a bare version. */
  flavour: string;
}

/** The tag of an image reference (`repo/name:tag` or `repo/name:tag@sha256:...`), parsed; undefined when it has no version. */
export function parseImageTag(image: string): ParsedTag | undefined {
  const withoutDigest = image.split('@')[0] ?? '';
  const colon = withoutDigest.lastIndexOf(':');
  if (colon < 0 || withoutDigest.slice(colon).includes('/')) return undefined;
  const match = /^(\d+)(\.\d+)*/.exec(withoutDigest.slice(colon + 1));
  if (!match) return undefined;
  return { version: match[0], major: Number(match[1]), flavour: withoutDigest.slice(colon + 1 + match[0].length) };
}

export type ImageCatalogue = Partial<Record<PostgresMajor, string>>;

/** Checks every image of the catalogue: a versioned tag of the major it is listed under. */
export function checkCatalogue(images: ImageCatalogue): void {
  for (const major of MAJORS) {
    const image = images[major];
    if (!image) continue;
    const tag = parseImageTag(image);
    if (!tag || String(tag.major) !== major) {
      throw new Error(
        `BASIN_K8S_IMAGE_${major} must be an image whose tag starts with ${major} (e.g. ghcr.io/cloudnative-pg/postgresql:${major}-standard-trixie), got ${image}`,
      );
    }
  }
}

export function imageFor(images: ImageCatalogue, major: PostgresMajor): string {
  const image = images[major];
  if (!image) throw new Error(`No image is configured for Postgres ${major} (BASIN_K8S_IMAGE_${major})`);
  return image;
}

/** The majors the catalogue offers, with the version their tag names ('17' when it names only the major). */
export function catalogueMajors(images: ImageCatalogue): { major: PostgresMajor; version: string }[] {
  return MAJORS.flatMap((major) => {
    const image = images[major];
    const tag = image ? parseImageTag(image) : undefined;
    return tag ? [{ major, version: tag.version }] : [];
  });
}

/** The major an image runs, as Basin names majors; undefined for one the catalogue does not know. */
export function majorOfImage(image: string | undefined): PostgresMajor | undefined {
  const major = image ? parseImageTag(image)?.major : undefined;
  return MAJORS.find((known) => String(major) === known);
}

/** Why `from`'s data cannot move to a newer major in place with these images; undefined when it can. */
export function upgradeProblem(images: ImageCatalogue, from: PostgresMajor): string | undefined {
  const source = images[from] ? parseImageTag(images[from]!) : undefined;
  const target = MAJORS.filter((major) => Number(major) > Number(from)).find((major) => images[major]);
  if (!source || !target) {
    return `No image of a newer Postgres major than ${from} is configured for this install's Kubernetes driver (BASIN_K8S_IMAGE_${MAJORS.at(-1)}).`;
  }
  const targetTag = parseImageTag(images[target]!);
  if (targetTag?.flavour !== source.flavour) {
    return `Postgres ${from} and ${target} images must be built on the same operating system for an in-place upgrade (tags ending in "${source.flavour}" and "${targetTag?.flavour ?? ''}").`;
  }
  return undefined;
}
