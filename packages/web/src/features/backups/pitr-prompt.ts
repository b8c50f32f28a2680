/** `&source=` of the PITR page's upgrade prompt, which the cost control panel answers. */
export const PITR_PROMPT_SOURCE = 'backupsPitr';
