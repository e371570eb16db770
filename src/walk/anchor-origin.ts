/** `metadata["retrospect.origin"]` of the comment that carries a retro's fabrication anchor. */
export const ANCHOR_ORIGIN = 'retro-fabrication-anchor';
