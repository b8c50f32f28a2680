/**
 * A stand-in for the CloudNativePG operator in the driver's tests, on the fake API server: it
 * answers the driver's changes with the statuses the operator would report, and carries them out
 * on a real Postgres (an embedded instance playing the Cluster's pod), so that the relay, the
 * admin sessions and the role SQL of the driver run for real. Work that takes time (a stop, a
 * start with new settings) runs in the background; the status moves on at the first read after
 * it is done, as a real status lags the pods.
 */
import type { EmbeddedDriver } from '../../embedded-driver.ts';
import type { InstanceSettings, InstanceSpec } from '../../types.ts';
import type { BackupManifest, ClusterDocument, KubeObject } from '../cnpg-types.ts';
import { majorOfImage } from '../images.ts';
import { HIBERNATION_ANNOTATION, RESTARTED_AT_ANNOTATION } from '../names.ts';
import { PHASES } from '../status.ts';
import { CONDITIONS, healthyStatus } from './cluster-documents.ts';
import type { FakeKubeApi } from './fake-kube-api.ts';

type Stored = KubeObject & Record<string, unknown>;

interface Transition {
  done: boolean;
  error?: unknown;
  then: (current: Stored) => Stored | undefined;
}

export interface OperatorOptions {
  /** A major upgrade's job fails (the operator then waits for the image to be put back). */
  failUpgrade?: boolean;
  /** Backups fail with this error. */
  failBackups?: string;
}

export class FakeOperator {
  readonly #api: FakeKubeApi;
  readonly #backing: { driver: EmbeddedDriver; spec: InstanceSpec };
  readonly #transitions = new Map<string, Transition>();
  options: OperatorOptions = {};

  constructor(api: FakeKubeApi, backing: { driver: EmbeddedDriver; spec: InstanceSpec }) {
    this.#api = api;
    this.#backing = backing;
    api.onChange = (object, previous) => this.#changed(object, previous);
    api.onRead = (object) => this.#read(object);
  }

  /** Whatever background work is still running (tests await it before tearing down). */
  async settle(): Promise<void> {
    while ([...this.#transitions.values()].some((t) => !t.done)) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  #key(object: Stored): string {
    return this.#api.key(object.apiVersion, object.kind, object.metadata.namespace ?? '', object.metadata.name);
  }

  #read(object: Stored): void {
    const key = this.#key(object);
    const transition = this.#transitions.get(key);
    if (!transition?.done) return;
    this.#transitions.delete(key);
    const next = transition.then(object);
    if (next) this.#api.put(next);
    else this.#api.objects.delete(key);
  }

  /** Runs `work` in the background; at the first read after it, the object becomes `then(current)`. */
  #later(object: Stored, work: () => Promise<void>, then: Transition['then']): void {
    const transition: Transition = { done: false, then };
    this.#transitions.set(this.#key(object), transition);
    work().then(
      () => (transition.done = true),
      (error: unknown) => {
        transition.error = error;
        transition.done = true;
      },
    );
  }

  #changed(object: Stored, previous: Stored | undefined): void {
    if (object.kind === 'Backup' && !previous) return this.#backup(object as unknown as BackupManifest & Stored);
    if (object.kind !== 'Cluster') return;
    const cluster = object as unknown as ClusterDocument & Stored;
    const before = previous as unknown as (ClusterDocument & Stored) | undefined;
    if (cluster.metadata.deletionTimestamp) {
      this.#api.put(cluster);
      return this.#later(
        cluster,
        () => this.#backing.driver.stop(this.#backing.spec.ref),
        () => undefined,
      );
    }
    const hibernate = cluster.metadata.annotations?.[HIBERNATION_ANNOTATION] === 'on';
    const wasHibernated = before?.metadata.annotations?.[HIBERNATION_ANNOTATION] === 'on';
    const image = cluster.spec?.imageName as string;
    const major = (majorOfImage(image) ?? '17') as '15' | '17';
    const dataMajor = (before?.status?.pgDataImageInfo?.majorVersion ? String(before.status.pgDataImageInfo.majorVersion) : major) as
      '15' | '17';
    const settings = settingsOf(cluster);
    const serving = (current: Stored) => ({ ...current, status: healthyStatus(major, cluster.metadata.name, image) });

    if (!before) {
      this.#status(cluster, { phase: PHASES.firstPrimary, phaseReason: 'Creating primary instance', conditions: [CONDITIONS.NOT_READY] });
      return this.#later(cluster, () => this.#backing.driver.start({ ...this.#backing.spec, settings }), serving);
    }
    if (hibernate && !wasHibernated) {
      this.#status(cluster, { ...before.status, conditions: [CONDITIONS.READY, CONDITIONS.HIBERNATING] });
      return this.#later(
        cluster,
        () => this.#backing.driver.stop(this.#backing.spec.ref),
        (current) => ({
          ...current,
          status: {
            ...healthyStatus(dataMajor, cluster.metadata.name, image),
            readyInstances: 0,
            instancesStatus: {},
            conditions: [CONDITIONS.NOT_READY, CONDITIONS.HIBERNATED],
          },
        }),
      );
    }
    if (!hibernate && wasHibernated) {
      this.#status(cluster, { ...before.status, readyInstances: 0, conditions: [CONDITIONS.NOT_READY, CONDITIONS.HIBERNATED] });
      return this.#later(
        cluster,
        () => this.#backing.driver.start({ ...this.#backing.spec, settings }),
        (current) => ({ ...current, status: healthyStatus(dataMajor, cluster.metadata.name, image) }),
      );
    }
    if (image !== before.spec?.imageName) {
      if (major === dataMajor) {
        // The image put back after a failed upgrade: the operator deletes the job and starts the old major.
        this.#status(cluster, {
          ...before.status,
          phase: PHASES.waitingForInstances,
          readyInstances: 0,
          conditions: [CONDITIONS.NOT_READY],
        });
        return this.#later(
          cluster,
          () => this.#backing.driver.start({ ...this.#backing.spec, settings }),
          (current) => ({ ...current, status: healthyStatus(major, cluster.metadata.name, image) }),
        );
      }
      this.#status(cluster, {
        ...before.status,
        phase: PHASES.majorUpgrade,
        phaseReason: 'Major upgrade in progress',
        readyInstances: 0,
        conditions: [CONDITIONS.NOT_READY],
      });
      const fail = this.options.failUpgrade;
      return this.#later(
        cluster,
        () =>
          this.#backing.driver
            .stop(this.#backing.spec.ref)
            .then(() => (fail ? undefined : this.#backing.driver.start({ ...this.#backing.spec, settings }))),
        (current) =>
          fail
            ? {
                ...current,
                status: { ...(current.status as object), phase: PHASES.unrecoverable, phaseReason: 'major upgrade job failed' },
              }
            : { ...current, status: healthyStatus(major, cluster.metadata.name, image) },
      );
    }
    const restarted = cluster.metadata.annotations?.[RESTARTED_AT_ANNOTATION] !== before.metadata.annotations?.[RESTARTED_AT_ANNOTATION];
    const reconfigured = JSON.stringify(settingsOf(before)) !== JSON.stringify(settings);
    if (restarted || reconfigured) {
      this.#status(cluster, {
        ...before.status,
        phase: PHASES.inplacePrimaryRestart,
        readyInstances: 0,
        conditions: [CONDITIONS.NOT_READY],
      });
      return this.#later(
        cluster,
        async () => {
          await this.#backing.driver.stop(this.#backing.spec.ref);
          await this.#backing.driver.start({ ...this.#backing.spec, settings });
        },
        (current) => ({ ...current, status: healthyStatus(dataMajor, cluster.metadata.name, image) }),
      );
    }
  }

  #backup(backup: BackupManifest & Stored): void {
    this.#status(backup, {
      phase: 'running',
      startedAt: new Date().toISOString(),
      serverName: 'x',
      method: 'barmanObjectStore',
      online: true,
    });
    const failure = this.options.failBackups;
    this.#later(
      backup,
      async () => {},
      (current) => ({
        ...current,
        status: failure
          ? { ...(current.status as object), phase: 'failed', error: failure }
          : {
              ...(current.status as object),
              phase: 'completed',
              stoppedAt: new Date().toISOString(),
              backupId: '20260301T030000',
              beginWal: '000000010000000000000003',
              endWal: '000000010000000000000003',
            },
      }),
    );
  }

  #status(object: Stored, status: object): void {
    this.#api.put({ ...object, status });
  }
}

/** The settings a Cluster's parameters give the backing instance. */
function settingsOf(cluster: ClusterDocument | undefined): InstanceSettings {
  const parameters = ((cluster?.spec?.postgresql as { parameters?: Record<string, string> } | undefined)?.parameters ?? {}) as Record<
    string,
    string
  >;
  return {
    shared_buffers: parameters.shared_buffers ?? '16MB',
    max_connections: Number(parameters.max_connections ?? 40),
    work_mem: parameters.work_mem ?? '2MB',
  };
}
