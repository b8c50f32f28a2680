/**
 * The Kubernetes driver's major upgrade: the operator's in-place upgrade (a new image, which it
 * carries out with pg_upgrade --link in a Job), mapped onto Basin's 8 steps, and what a platform
 * crash during one leaves to settle. Until pg_upgrade has succeeded the old data is untouched and
 * the previous image is put back on failure; after it, updating extensions and ANALYZE are best
 * effort. The driver lends what the upgrade needs of it (UpgradeHost), as the embedded driver
 * does for its own upgrade (../major-upgrade.ts).
 */
import type { UpgradeStep } from '@basin/core';
import { listDatabases, updateExtensions } from '../logical-copy.ts';
import type { InstanceSpec, PostgresMajor } from '../types.ts';
import { backupServerName } from './clusters.ts';
import type { ClusterSteps } from './cluster-steps.ts';
import type { ClusterDocument } from './cnpg-types.ts';
import { imageFor, majorOfImage, upgradeProblem } from './images.ts';
import { analyzeAsMembers, applyRoleSettings } from './instance-sql.ts';
import { serverNameFor } from './manifests.ts';
import { upgradePatch } from './operations.ts';
import { dataMajor, isServing, operatorGaveUp, PHASES } from './status.ts';

/** What the upgrade needs of the driver: the steps its methods are made of, and its start. */
export interface UpgradeHost {
  steps: ClusterSteps;
  /** The driver's start: wakes the Cluster and applies the spec's settings. */
  start(spec: InstanceSpec): Promise<void>;
}

/** The image and backup folder a Cluster ran with before the upgrade, to go back to. */
interface Previous {
  image: string;
  serverName: string | undefined;
}

export async function upgradeInPlace(
  host: UpgradeHost,
  spec: InstanceSpec,
  target: PostgresMajor,
  onStep: (step: UpgradeStep) => Promise<void>,
): Promise<void> {
  const { steps } = host;
  const { clusters, config } = steps;
  const live = await clusters.get(spec.ref);
  if (!live?.spec?.imageName) throw new Error(`Instance ${spec.ref} has no Cluster to upgrade`);
  const problem = upgradeProblem(config.images, spec.major);
  if (problem) throw new Error(problem);
  const wasServing = isServing(live);
  const previous: Previous = { image: live.spec.imageName, serverName: backupServerName(live) };
  const next: InstanceSpec = { ...spec, major: target };
  let imageChanged = false;
  try {
    await onStep('prepare new server');
    const image = imageFor(config.images, target);
    await onStep('prepare for migration');
    if (config.backups && wasServing) await clusters.backup(spec.ref, 'upgrade');
    await onStep('pre-upgrade checks');
    if (!wasServing) await host.start(spec);
    await onStep('shut down API services');
    await steps.relays.close(spec.ref);
    await onStep('migrate to new database');
    imageChanged = true;
    const serverName = config.backups ? serverNameFor(clusters.names(spec.ref).cluster, target, new Date()) : undefined;
    await clusters.patch(spec.ref, upgradePatch(image, serverName));
    await onStep('execute migration');
    await clusters.waitFor(spec.ref, `upgrade to Postgres ${target}`, (cluster) => isServing(cluster) && dataMajor(cluster) === target);
  } catch (error) {
    if (imageChanged) await undoUpgrade(steps, spec, previous, wasServing);
    else if (wasServing) await steps.relay(spec).catch(() => {});
    throw error;
  }
  await steps.relay(next);
  await steps.asAdmin(next, (client) => applyRoleSettings(client, next, config.memberRole));
  await onStep('update extensions');
  try {
    for (const database of await listDatabases(next)) await updateExtensions(next, database);
  } catch (error) {
    steps.log(`instance ${spec.ref}: extensions not updated after the upgrade: ${String(error)}`);
  }
  await onStep('optimize database');
  await analyzeAsMembers(next, config.memberRole).catch((error: unknown) =>
    steps.log(`instance ${spec.ref}: ANALYZE failed: ${String(error)}`),
  );
  if (!wasServing) await steps.hibernate(spec.ref, 'stop');
}

/**
 * After a platform crash during an upgrade: waits for the operator's upgrade to end, puts the
 * old image back if it failed, and answers the major of the data (undefined without a Cluster).
 */
export async function settleInPlaceUpgrade(steps: ClusterSteps, ref: string): Promise<PostgresMajor | undefined> {
  const { clusters, config } = steps;
  let live = await clusters.get(ref);
  if (!live) return undefined;
  if (live.status?.phase === PHASES.majorUpgrade) {
    const ended = (cluster: ClusterDocument | undefined) => cluster?.status?.phase !== PHASES.majorUpgrade;
    await clusters.waitFor(ref, 'finish the major upgrade', ended).catch(() => undefined);
    live = await clusters.get(ref);
  }
  const data = dataMajor(live) ?? majorOfImage(live?.spec?.imageName);
  const image = majorOfImage(live?.spec?.imageName);
  if (live && data && image && data !== image && operatorGaveUp(live)) {
    steps.log(`instance ${ref}: the upgrade to Postgres ${image} failed; back to ${data}`);
    await clusters.patch(ref, upgradePatch(imageFor(config.images, data), undefined));
  }
  return data;
}

async function undoUpgrade(steps: ClusterSteps, spec: InstanceSpec, previous: Previous, wasServing: boolean): Promise<void> {
  const { clusters } = steps;
  try {
    const data = dataMajor(await clusters.get(spec.ref));
    if (data && data !== spec.major) return; // pg_upgrade went through: the data is the new major's
    await clusters.patch(spec.ref, upgradePatch(previous.image, previous.serverName));
    if (!wasServing) return await steps.hibernate(spec.ref, 'stop');
    await clusters.waitFor(spec.ref, `return to Postgres ${spec.major}`, isServing);
    await steps.relay(spec);
  } catch (error) {
    steps.log(`instance ${spec.ref}: could not put the previous image back after a failed upgrade: ${String(error)}`);
  }
}
