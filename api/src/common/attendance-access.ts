const MAX_ID = 2_147_483_647;

/** A path or body id that can exist in an integer column; anything else is simply not found. */
export const validId = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_ID;
