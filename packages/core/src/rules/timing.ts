/** Timing constants from the spec (part 1 §9, part 2 §9). */
export const COPY_LABEL_RESET_MS = 3000;
export const KEY_COPY_LABEL_RESET_MS = 2000;
export const BLUR_VALIDATION_DELAY_MS = 100;
export const FEEDBACK_POPUP_CLOSE_MS = 2000;

/** Layout limits: the product menu at most 33% wide, the assistant panel 30%–50%. */
export const PRODUCT_MENU_MAX_SIZE = '33%';
export const ASSISTANT_PANEL_MIN_SIZE = '30%';
export const ASSISTANT_PANEL_MAX_SIZE = '50%';
