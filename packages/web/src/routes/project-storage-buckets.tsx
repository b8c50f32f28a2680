export { BucketsPage as Component } from '../features/storage/buckets-page';
