import { BLUR_VALIDATION_DELAY_MS } from '@basin/core';

/**
 * Forms revalidate on blur, 100 ms late (spec part 1 §5): a click on the submit button lands before
 * an error message can shift the layout under the pointer. For a controller's `field.onBlur`.
 */
export function delayedBlur(onBlur: () => void): () => void {
  return () => {
    setTimeout(onBlur, BLUR_VALIDATION_DELAY_MS);
  };
}
