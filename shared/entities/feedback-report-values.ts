/** The rating scale (spec 2 §9: 5 stars) without TypeBox, for the portal's registry every screen loads. */
export const RATINGS = [1, 2, 3, 4, 5] as const;
