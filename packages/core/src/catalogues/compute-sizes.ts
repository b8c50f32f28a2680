/**
 * The compute catalogue of spec part 1 §9: one entry per size, addressed by its add-on id
 * `ci_<size>`. Prices are USD. Nano is not priced in the spec's table; it is the free size,
 * so it is listed at 0 (memory and cores follow the spec's "small sizes" ladder).
 */
import { COMPUTE_SIZE_IDS, type ComputeSizeId } from '../rules/instance-settings.ts';

export interface ComputeSize {
  id: `ci_${ComputeSizeId}`;
  size: ComputeSizeId;
  /** What the dashboard shows, never the id: 'Small', '2XL', '24XL Optimized CPU'. */
  name: string;
  memoryGb: number;
  /** Null when the size shares its CPU (nano). */
  cores: number | null;
  hourlyUsd: number;
  monthlyUsd: number;
  /** The spec's "compute baseline value"; its unit is not shown, so it is not labelled. */
  baseline: number;
  /** 8xlarge and above are not available on the Fly provider. */
  availableOnFly: boolean;
}

type Row = [ComputeSizeId, number, number | null, number, number, number];

const ROWS: Row[] = [
  ['nano', 0.5, null, 0, 0, 250],
  ['micro', 1, 2, 0.01344, 10, 500],
  ['small', 2, 2, 0.0206, 15, 1000],
  ['medium', 4, 2, 0.0822, 60, 2000],
  ['large', 8, 2, 0.1517, 110, 3600],
  ['xlarge', 16, 4, 0.2877, 210, 6000],
  ['2xlarge', 32, 8, 0.562, 410, 12000],
  ['4xlarge', 64, 16, 1.32, 960, 20000],
  ['8xlarge', 128, 32, 2.562, 1870, 40000],
  ['12xlarge', 192, 48, 3.836, 2800, 50000],
  ['16xlarge', 256, 64, 5.12, 3730, 80000],
  ['24xlarge', 384, 96, 9.73, 7100, 120000],
  ['24xlarge_optimized_cpu', 192, 96, 8.9, 6500, 120000],
  ['24xlarge_optimized_memory', 768, 96, 13.84, 10100, 120000],
  ['24xlarge_high_memory', 1536, 96, 21.91, 16000, 120000],
  ['48xlarge', 768, 192, 19.47, 14200, 240000],
  ['48xlarge_optimized_cpu', 384, 192, 17.8, 13000, 240000],
  ['48xlarge_optimized_memory', 1536, 192, 27.68, 20200, 240000],
  ['48xlarge_high_memory', 3072, 192, 43.84, 32000, 240000],
];

const WORDS: Record<string, string> = { cpu: 'CPU', xlarge: 'XL' };

/** The size id in the words a price list uses: '24xlarge_optimized_cpu' is '24XL Optimized CPU'. */
function sizeName(size: ComputeSizeId): string {
  const [ladder = size, ...variant] = size.split('_');
  const step = ladder.replace(/^(\d*)xlarge$/, (_, times: string) => `${times}${WORDS.xlarge}`);
  const words = [step, ...variant].map((word) => WORDS[word] ?? `${word[0]!.toUpperCase()}${word.slice(1)}`);
  return words.join(' ');
}

const FIRST_SIZE_NOT_ON_FLY = COMPUTE_SIZE_IDS.indexOf('8xlarge');

export const COMPUTE_SIZES: readonly ComputeSize[] = ROWS.map(([size, memoryGb, cores, hourlyUsd, monthlyUsd, baseline]) => ({
  id: `ci_${size}` as const,
  size,
  name: sizeName(size),
  memoryGb,
  cores,
  hourlyUsd,
  monthlyUsd,
  baseline,
  availableOnFly: COMPUTE_SIZE_IDS.indexOf(size) < FIRST_SIZE_NOT_ON_FLY,
}));

/** The spec's small compute sizes. */
export const SMALL_COMPUTE_SIZES: readonly ComputeSizeId[] = ['nano', 'micro', 'small', 'medium'];

export function computeSize(size: ComputeSizeId): ComputeSize {
  const found = COMPUTE_SIZES.find((entry) => entry.size === size);
  if (!found) throw new Error(`unknown compute size: ${size}`);
  return found;
}

/** "1 GB memory / 2-core CPU", or "Shared CPU" for sizes without dedicated cores. */
export function computeSizeLabel(entry: ComputeSize): string {
  const cpu = entry.cores === null ? 'Shared CPU' : `${entry.cores}-core CPU`;
  return `${entry.memoryGb} GB memory / ${cpu}`;
}
