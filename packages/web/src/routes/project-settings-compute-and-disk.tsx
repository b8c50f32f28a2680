export { ComputeAndDiskPage as Component } from '../features/compute-and-disk/compute-and-disk-page';
